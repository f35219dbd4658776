import { ActionIcon, Menu } from '@mantine/core'
import { IconDots } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { Member } from '../api/members'

/** What can be done to a member from their row; only the actions the caller may take are passed. */
export type MemberAction = 'role' | 'deactivate' | 'reactivate' | 'reinvite' | 'remove' | 'revoke'

/** A member row's menu of actions; nothing when the caller may take none. */
export function MemberActions({
  member,
  actions,
  onAction,
}: {
  member: Member
  actions: readonly MemberAction[]
  onAction: (action: MemberAction, member: Member) => void
}) {
  const { t } = useTranslation()
  if (actions.length === 0) return null
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('team.actions.label', { email: member.email })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action}
            color={action === 'remove' || action === 'revoke' ? 'red.8' : undefined}
            onClick={() => onAction(action, member)}
          >
            {t(`team.actions.${action}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}
