import { Alert, Button, Group, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../../app/data-table'
import { Pager } from '../../../app/pager'
import { useCan } from '../../auth'
import { settingsQuery } from '../../settings'
import { DELIVERY_STATUSES, type DeliveryStatus } from '../api/search'
import { deliveriesQuery, sendTest } from '../api/webhooks'
import { DeliveryDetails } from '../components/delivery-details'
import { DeliveryStatusBadge } from '../components/delivery-status'
import { WebhookSettings } from '../components/webhook-settings'

const route = getRouteApi('/signed-in/t/$tenantId/webhooks')

/** The tenant's webhook: its settings, a test ping, and the delivery log with each delivery's details. */
export function WebhooksPage() {
  const { t, i18n } = useTranslation()
  const { tenantId } = route.useParams()
  const can = useCan()
  const queryClient = useQueryClient()
  const { page = 1, status } = route.useSearch()
  const navigate = route.useNavigate()
  const [opened, setOpened] = useState<string>()
  const mayReadSettings = can('settings:view')
  const settings = useQuery({ ...settingsQuery(tenantId), enabled: mayReadSettings })
  const log = useQuery(deliveriesQuery(tenantId, page, status))
  const test = useMutation({
    mutationFn: () => sendTest(tenantId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'webhook-deliveries'] }),
  })
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' })

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('webhooks.title')}
      </Title>
      <Text c="dimmed">{t('webhooks.intro')}</Text>
      {mayReadSettings &&
        (settings.error ? (
          <Alert color="red" role="alert">
            {settings.error.message}
          </Alert>
        ) : settings.data ? (
          <WebhookSettings
            tenantId={tenantId}
            webhook={settings.data.webhook}
            canEdit={can('settings:update')}
          />
        ) : (
          <Skeleton h={200} />
        ))}
      {can('webhooks:update') && (
        <section aria-labelledby="webhook-test">
          <Title order={2} size="h4" id="webhook-test" mb="xs">
            {t('webhooks.test.title')}
          </Title>
          <Stack gap="xs">
            <Text size="sm">{t('webhooks.test.text')}</Text>
            <Group>
              <Button variant="default" loading={test.isPending} onClick={() => test.mutate()}>
                {t('webhooks.test.send')}
              </Button>
            </Group>
            {test.data && (
              <Alert color={test.data.ok ? 'teal' : 'red'} role={test.data.ok ? 'status' : 'alert'}>
                {test.data.ok
                  ? t('webhooks.test.ok', { status: test.data.delivery.lastStatusCode })
                  : t('webhooks.test.failed', {
                      reason: test.data.delivery.lastError ?? String(test.data.delivery.lastStatusCode),
                    })}
              </Alert>
            )}
            {test.error && (
              <Alert color="red" role="alert">
                {test.error.message}
              </Alert>
            )}
          </Stack>
        </section>
      )}
      <section aria-labelledby="webhook-log">
        <Group justify="space-between" align="flex-end" mb="xs">
          <Title order={2} size="h4" id="webhook-log">
            {t('webhooks.log.title')}
          </Title>
          <Select
            label={t('webhooks.log.filter')}
            data={[
              { value: 'all', label: t('webhooks.log.all') },
              ...DELIVERY_STATUSES.map((value) => ({ value, label: t(`webhooks.statuses.${value}`) })),
            ]}
            value={status ?? 'all'}
            onChange={(value) =>
              navigate({
                search: {
                  ...(value === 'all' || value === null ? {} : { status: value as DeliveryStatus }),
                },
              })
            }
            allowDeselect={false}
            w={180}
          />
        </Group>
        {log.error ? (
          <Alert color="red" role="alert">
            {log.error.message}
          </Alert>
        ) : (
          <DataTable
            label={t('webhooks.log.title')}
            minWidth={720}
            busy={log.isFetching}
            caption={
              log.data ? t('webhooks.log.count', { count: log.data.pagination.total }) : t('app.loading')
            }
            head={
              <>
                <Table.Th>{t('webhooks.log.event')}</Table.Th>
                <Table.Th>{t('webhooks.log.status')}</Table.Th>
                <Table.Th>{t('webhooks.log.answer')}</Table.Th>
                <Table.Th>{t('webhooks.log.attempts')}</Table.Th>
                <Table.Th>{t('webhooks.log.createdAt')}</Table.Th>
                <Table.Th>{t('webhooks.log.lastAttemptAt')}</Table.Th>
                <Table.Th>{t('webhooks.log.details')}</Table.Th>
              </>
            }
          >
            {log.data?.deliveries.map((delivery) => (
              <Table.Tr key={delivery.id}>
                <Table.Td>{delivery.type}</Table.Td>
                <Table.Td>
                  <DeliveryStatusBadge status={delivery.status} />
                </Table.Td>
                <Table.Td>{delivery.lastStatusCode ?? '—'}</Table.Td>
                <Table.Td>{delivery.attempts}</Table.Td>
                <Table.Td>{date.format(new Date(delivery.createdAt))}</Table.Td>
                <Table.Td>
                  {delivery.lastAttemptAt === null ? '—' : date.format(new Date(delivery.lastAttemptAt))}
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    size="xs"
                    aria-label={t('webhooks.log.open', {
                      type: delivery.type,
                      date: date.format(new Date(delivery.createdAt)),
                    })}
                    onClick={() => setOpened(delivery.id)}
                  >
                    {t('webhooks.log.details')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
        {log.data && (
          <Pager
            pages={log.data.pagination.pages}
            page={page}
            onChange={(next) => navigate({ search: (previous) => ({ ...previous, page: next }) })}
          />
        )}
      </section>
      <DeliveryDetails
        tenantId={tenantId}
        id={opened}
        canRedeliver={can('webhooks:update')}
        onClose={() => setOpened(undefined)}
      />
    </Stack>
  )
}
