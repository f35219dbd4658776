import type { AnswerOf } from '@folio/client'
import { Progress, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** Each request budget's metric this month (`GET /api/tenants/current/limits`, `usage.budgets`). */
export type RequestBudgetsUsage = AnswerOf<'getCurrentTenantLimits'>['usage']['budgets']

/** The budgets in the order shown, with their names' keys: public delivery first, where most requests go. */
const BUDGETS = [
  { budget: 'public', label: 'budgets.public' },
  { budget: 'admin', label: 'budgets.admin' },
] as const

/**
 * This month's requests of each budget (public delivery and admin, counted and limited apart,
 * docs/decisions/quotas.md "Two budgets: admin and public"): a line each, and a bar when it has a
 * limit.
 */
export function RequestBudgets({ budgets }: { budgets: RequestBudgetsUsage }) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language)
  return (
    <Stack gap="sm">
      {BUDGETS.map(({ budget, label }) => {
        const metric = budgets[budget]
        return (
          <div key={budget}>
            <Text size="sm" fw={600}>
              {t(label)}
            </Text>
            <Text size="sm" mb={4}>
              {metric.unlimited
                ? t('budgets.unlimited', { count: metric.usage, used: number.format(metric.usage) })
                : t('budgets.use', {
                    count: metric.limit ?? 0,
                    used: number.format(metric.usage),
                    limit: number.format(metric.limit ?? 0),
                  })}
            </Text>
            {!metric.unlimited && (
              <Progress value={metric.percentage} aria-label={t('budgets.bar', { budget: t(label) })} />
            )}
          </div>
        )
      })}
    </Stack>
  )
}
