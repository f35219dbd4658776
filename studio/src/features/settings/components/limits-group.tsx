import { Alert, NumberInput, Paper, Skeleton, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { RequestBudgets } from '../../../lib/request-budgets'
import { limitsQuery, type TenantSettings } from '../api/settings'
import { GroupForm, numberOrNull, useGroupForm } from './group-form'
import { mapOf, type NamedRow, NamedRows, rowsOf } from './named-rows'

const LIMITS = [
  'entries',
  'media',
  'users',
  'apiCalls',
  'publicApiCalls',
  'adminApiCalls',
  'emailPerMonth',
] as const
/** The monthly request limits: each budget takes the smallest of the plan's and these. */
const REQUEST_LIMITS: ReadonlySet<string> = new Set(['apiCalls', 'publicApiCalls', 'adminApiCalls'])

/** What the form edits: each limit as typed (empty: none) and the custom ones as rows. */
type LimitsValues = Record<(typeof LIMITS)[number], string | number> & { custom: NamedRow<string | number>[] }

/** Custom limits as rows, a limit without a value as an empty field. */
function customRows(custom: TenantSettings['limits']['custom']) {
  return rowsOf<string | number>(
    Object.fromEntries(Object.entries(custom).map(([name, value]) => [name, value ?? ''])),
  )
}

/** The tenant's limits (empty: none set) and custom ones, with this month's requests of each budget. */
export function LimitsGroup({
  tenantId,
  settings,
  canEdit,
}: {
  tenantId: string
  settings: TenantSettings['limits']
  canEdit: boolean
}) {
  const { t, i18n } = useTranslation()
  const { form, errors, submit, saving } = useGroupForm(tenantId, 'limits', {
    initialValues: {
      ...(Object.fromEntries(LIMITS.map((member) => [member, settings[member] ?? ''])) as Record<
        (typeof LIMITS)[number],
        string | number
      >),
      custom: customRows(settings.custom),
    },
    bodyOf: (values: LimitsValues) => ({
      limits: {
        ...Object.fromEntries(LIMITS.map((member) => [member, numberOrNull(values[member])])),
        custom: Object.fromEntries(
          Object.entries(mapOf(values.custom)).map(([name, value]) => [name, numberOrNull(value)]),
        ),
      },
    }),
    valuesOf: (saved) => ({ custom: customRows(saved.limits.custom) }),
  })
  const usage = useQuery(limitsQuery(tenantId))
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
  const customErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith('custom/'))
      .map(([key, message]) => [key.slice('custom/'.length), message]),
  )

  return (
    <>
      <section aria-labelledby="settings-usage">
        <Text fw={600} id="settings-usage" mb="xs">
          {t('settings.limits.usage')}
        </Text>
        {usage.error ? (
          <Alert color="red" role="alert">
            {usage.error.message}
          </Alert>
        ) : usage.data ? (
          <Paper withBorder p="md" radius="md">
            <Text size="sm" mb="sm">
              {t('settings.limits.plan', { plan: usage.data.plan.name })}
            </Text>
            <RequestBudgets budgets={usage.data.usage.budgets} />
            <Text size="sm" c="dimmed" mt="sm">
              {t('settings.limits.resets', { date: date.format(new Date(usage.data.period.resetAt)) })}
            </Text>
          </Paper>
        ) : (
          <Skeleton h={160} />
        )}
      </section>
      <GroupForm group="limits" canEdit={canEdit} errors={errors} saving={saving} onSubmit={submit}>
        {LIMITS.map((member) => (
          <NumberInput
            key={member}
            label={t(`settings.limits.${member}`)}
            description={t(
              REQUEST_LIMITS.has(member) ? 'settings.limits.requestsHelp' : 'settings.limits.emptyNone',
            )}
            {...form.getInputProps(member)}
            min={0}
            allowDecimal={false}
          />
        ))}
        <NamedRows
          title={t('settings.limits.custom')}
          rows={form.values.custom}
          onChange={(rows) => form.setFieldValue('custom', rows)}
          fresh=""
          errors={customErrors}
          renderValue={(row, index, set) => (
            <NumberInput
              label={t('settings.limits.customValue', { number: index + 1 })}
              value={row.value}
              onChange={set}
              min={0}
              allowDecimal={false}
              style={{ flex: 1 }}
            />
          )}
        />
      </GroupForm>
    </>
  )
}
