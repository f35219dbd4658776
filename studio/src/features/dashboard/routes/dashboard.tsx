import { Alert, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { withStrings } from '../../../app/i18n'
import { RequestBudgets } from '../../../lib/request-budgets'
import { useCan } from '../../auth'
import { apiStatsQuery, limitsQuery, recentActivitiesQuery } from '../api/dashboard'
import { StatCard } from '../components/stat-card'

// The charts library loads after the dashboard's numbers, never with the first screen.
const ApiUsageChart = lazy(() =>
  withStrings(['budgets', 'charts', 'dashboard'], import('../components/api-usage-chart')).then((module) => ({
    default: module.ApiUsageChart,
  })),
)

const route = getRouteApi('/signed-in/t/$tenantId/')

/**
 * The tenant at a glance: API requests, each budget's quota use and recent activities (for the
 * roles that may read the activity log); each part fails on its own.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation()
  const { tenantId } = route.useParams()
  const stats = useQuery(apiStatsQuery(tenantId))
  const limits = useQuery(limitsQuery(tenantId))
  const mayReadActivities = useCan()('activities:view')
  const activities = useQuery({ ...recentActivitiesQuery(tenantId), enabled: mayReadActivities })
  const number = new Intl.NumberFormat(i18n.language)
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })

  return (
    <Stack>
      <Title order={1} size="h2">
        {limits.data?.tenant.name ?? t('dashboard.title')}
      </Title>
      <section aria-labelledby="api-stats">
        <Title order={2} size="h4" id="api-stats" mb="xs">
          {t('dashboard.requests')}
        </Title>
        {stats.error ? (
          <Alert color="red" role="alert">
            {stats.error.message}
          </Alert>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {(['today', 'daily', 'weekly', 'monthly'] as const).map((period) => (
              <StatCard
                key={period}
                label={t(`dashboard.period.${period}`)}
                value={stats.data ? number.format(stats.data[period]) : '…'}
              />
            ))}
          </SimpleGrid>
        )}
        {stats.data && (
          <Paper withBorder p="md" radius="md" mt="md">
            <Suspense fallback={<Skeleton h={240} />}>
              <ApiUsageChart stats={stats.data} />
            </Suspense>
          </Paper>
        )}
      </section>
      <section aria-labelledby="quota">
        <Title order={2} size="h4" id="quota" mb="xs">
          {t('dashboard.quota')}
        </Title>
        {limits.error ? (
          <Alert color="red" role="alert">
            {limits.error.message}
          </Alert>
        ) : limits.data ? (
          <Paper withBorder p="md" radius="md">
            <Text size="sm" mb="sm">
              {t('dashboard.quotaPlan', { plan: limits.data.plan.name })}
            </Text>
            <RequestBudgets budgets={limits.data.usage.budgets} />
          </Paper>
        ) : (
          <Skeleton h={120} />
        )}
      </section>
      {mayReadActivities && (
        <section aria-labelledby="activities">
          <Title order={2} size="h4" id="activities" mb="xs">
            {t('dashboard.activities')}
          </Title>
          {activities.error ? (
            <Alert color="red" role="alert">
              {activities.error.message}
            </Alert>
          ) : activities.data?.activities.length === 0 ? (
            <Text c="dimmed">{t('dashboard.noActivities')}</Text>
          ) : (
            <Table.ScrollContainer
              minWidth={480}
              type="native"
              tabIndex={0}
              role="region"
              aria-label={t('dashboard.activities')}
            >
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('dashboard.when')}</Table.Th>
                    <Table.Th>{t('dashboard.who')}</Table.Th>
                    <Table.Th>{t('dashboard.what')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {activities.data?.activities.map((activity) => (
                    <Table.Tr key={activity.id}>
                      <Table.Td>{date.format(new Date(activity.createdAt))}</Table.Td>
                      <Table.Td>{activity.actor.name}</Table.Td>
                      <Table.Td>{activity.description || activity.action}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </section>
      )}
    </Stack>
  )
}
