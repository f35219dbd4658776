import { ActionIcon, Menu } from '@mantine/core'
import { IconDots } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../../auth'
import type { FormResponse, ResponseStatus } from '../api/forms'

/** What can be done to a response from its row. */
export type ResponseAction =
  | { kind: 'view' }
  | { kind: 'status'; status: ResponseStatus }
  | { kind: 'spam' }
  | { kind: 'delete' }
  | { kind: 'purge' }

const STATUS_ACTIONS: ResponseStatus[] = ['pending', 'processed']

/** A response's row menu: view it, set its status, mark spam, delete (soft, then for good). */
export function ResponseActions({
  response,
  name,
  onAction,
}: {
  response: FormResponse
  /** How the row is named for a screen reader (its date). */
  name: string
  onAction: (action: ResponseAction) => void
}) {
  const { t } = useTranslation()
  const can = useCan()
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={t('forms.responses.actionsFor', { name })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onAction({ kind: 'view' })}>{t('forms.responses.view')}</Menu.Item>
        {can('forms:update') && (
          <>
            {STATUS_ACTIONS.filter((status) => status !== response.status).map((status) => (
              <Menu.Item key={status} onClick={() => onAction({ kind: 'status', status })}>
                {t(`forms.responses.markAs.${status}`)}
              </Menu.Item>
            ))}
            {response.status !== 'spam' && (
              <Menu.Item onClick={() => onAction({ kind: 'spam' })}>
                {t('forms.responses.markSpam')}
              </Menu.Item>
            )}
          </>
        )}
        {can('forms:delete') && (
          <>
            <Menu.Divider />
            {response.status !== 'deleted' && (
              <Menu.Item color="red.8" onClick={() => onAction({ kind: 'delete' })}>
                {t('forms.responses.delete')}
              </Menu.Item>
            )}
            <Menu.Item color="red.8" onClick={() => onAction({ kind: 'purge' })}>
              {t('forms.responses.purge')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  )
}
