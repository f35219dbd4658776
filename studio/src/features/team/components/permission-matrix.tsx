import { Checkbox, Table, Text } from '@mantine/core'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { PermissionFamily } from '../api/grant-rules'

/** The usual reading order of a matrix's columns; actions only some families have follow it. */
const LEADING_ACTIONS = ['view', 'create', 'update', 'delete', 'manage']

/**
 * Every action of the families once: the leading ones in reading order, then the rest in the order
 * they first appear. The API lists permissions in declaration order, which says nothing about columns.
 */
function orderedActions(families: readonly PermissionFamily[]): string[] {
  const present = new Set(families.flatMap((family) => family.actions))
  const leading = LEADING_ACTIONS.filter((action) => present.has(action))
  return [...leading, ...[...present].filter((action) => !LEADING_ACTIONS.includes(action))]
}

/**
 * The permissions of a role as a table: a row per family, a column per action, a checkbox where
 * the family has that action. A permission the signed-in member does not hold (`mayDefine`) is
 * disabled and says why; `manage` ticks the family's other actions, shown ticked and disabled.
 */
export function PermissionMatrix({
  families,
  value,
  onChange,
  mayDefine,
  readOnly = false,
}: {
  families: readonly PermissionFamily[]
  value: ReadonlySet<string>
  onChange: (next: Set<string>) => void
  mayDefine: (permission: string) => boolean
  readOnly?: boolean
}) {
  const { t } = useTranslation()
  const lackedId = useId()
  const impliedId = useId()
  const captionId = useId()
  const actions = orderedActions(families)
  const toggle = (permission: string, checked: boolean) => {
    const next = new Set(value)
    if (checked) next.add(permission)
    else next.delete(permission)
    onChange(next)
  }
  return (
    <>
      <Text id={lackedId} size="sm" c="dimmed">
        {readOnly ? t('roles.matrix.readOnly') : t('roles.matrix.lacked')}
      </Text>
      <Text id={impliedId} size="sm" c="dimmed">
        {t('roles.matrix.implied')}
      </Text>
      <Table.ScrollContainer
        minWidth={720}
        type="native"
        tabIndex={0}
        role="region"
        aria-labelledby={captionId}
      >
        <Table striped withColumnBorders>
          <Table.Caption id={captionId}>{t('roles.matrix.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('roles.matrix.family')}</Table.Th>
              {actions.map((action) => (
                <Table.Th key={action} scope="col" ta="center">
                  {t(`roles.actions.${action}`, { defaultValue: action })}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {families.map(({ family, actions: own }) => {
              const familyLabel = t(`roles.families.${family}`, { defaultValue: family })
              const managed = own.includes('manage') && value.has(`${family}:manage`)
              return (
                <Table.Tr key={family}>
                  <Table.Th scope="row">{familyLabel}</Table.Th>
                  {actions.map((action) => {
                    const permission = `${family}:${action}`
                    if (!own.includes(action)) return <Table.Td key={action} />
                    const implied = managed && action !== 'manage'
                    const lacked = !mayDefine(permission)
                    return (
                      <Table.Td key={action} ta="center">
                        <Checkbox
                          display="inline-block"
                          aria-label={t('roles.matrix.cell', {
                            family: familyLabel,
                            action: t(`roles.actions.${action}`, { defaultValue: action }),
                          })}
                          aria-describedby={implied ? impliedId : lacked || readOnly ? lackedId : undefined}
                          checked={implied || value.has(permission)}
                          disabled={readOnly || implied || (lacked && !value.has(permission))}
                          onChange={(event) => toggle(permission, event.currentTarget.checked)}
                          value={permission}
                        />
                      </Table.Td>
                    )
                  })}
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  )
}
