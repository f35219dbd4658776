import { Alert, Button, Code, Group, Modal, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '../../../lib/notify'
import { deliveryQuery, redeliver } from '../api/webhooks'
import { DeliveryStatusBadge } from './delivery-status'

/** One delivery: what was sent (the JSON body), how the receiver answered, and Redeliver. */
export function DeliveryDetails({
  tenantId,
  id,
  canRedeliver,
  onClose,
}: {
  tenantId: string
  id: string | undefined
  canRedeliver: boolean
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const { data: delivery, error } = useQuery({
    ...deliveryQuery(tenantId, id ?? ''),
    enabled: id !== undefined,
  })
  const again = useMutation({
    mutationFn: (deliveryId: string) => redeliver(tenantId, deliveryId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'webhook-deliveries'] })
      notifySuccess(t('webhooks.details.redelivering'))
    },
  })
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' })
  const when = (value: string | null) => (value === null ? '—' : date.format(new Date(value)))
  const close = () => {
    again.reset()
    onClose()
  }

  return (
    <Modal
      opened={id !== undefined}
      onClose={close}
      size="lg"
      title={delivery ? t('webhooks.details.title', { type: delivery.type }) : t('app.loading')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : delivery ? (
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Group gap="xs">
              <Text size="sm">{`${t('webhooks.log.status')}:`}</Text>
              <DeliveryStatusBadge status={delivery.status} />
            </Group>
            <Text size="sm">{t('webhooks.details.attempts', { count: delivery.attempts })}</Text>
            <Text size="sm">{`${t('webhooks.log.createdAt')}: ${when(delivery.createdAt)}`}</Text>
            <Text size="sm">{`${t('webhooks.log.lastAttemptAt')}: ${when(delivery.lastAttemptAt)}`}</Text>
            {delivery.nextAttemptAt !== null && (
              <Text size="sm">{`${t('webhooks.details.nextAttemptAt')}: ${when(delivery.nextAttemptAt)}`}</Text>
            )}
            <Text size="sm">{`${t('webhooks.details.id')}: ${delivery.id}`}</Text>
          </SimpleGrid>
          <section aria-labelledby="delivery-response">
            <Title order={2} size="h5" id="delivery-response" mb="xs">
              {t('webhooks.details.response')}
            </Title>
            {/* With an HTTP answer, its status and body; without one, why it failed. */}
            <Text size="sm" c={delivery.lastError === null ? undefined : 'red.9'}>
              {delivery.lastStatusCode !== null
                ? t('webhooks.details.answered', { status: delivery.lastStatusCode })
                : delivery.lastError !== null
                  ? t('webhooks.details.error', { error: delivery.lastError })
                  : t('webhooks.details.noAnswer')}
            </Text>
            {delivery.lastResponse !== null && delivery.lastResponse !== '' && (
              <Code
                block
                mt="xs"
                tabIndex={0}
                role="region"
                aria-label={t('webhooks.details.responseBody')}
                style={{ maxHeight: 200, overflow: 'auto', whiteSpace: 'pre-wrap' }}
              >
                {delivery.lastResponse}
              </Code>
            )}
          </section>
          <section aria-labelledby="delivery-payload">
            <Title order={2} size="h5" id="delivery-payload" mb="xs">
              {t('webhooks.details.payload')}
            </Title>
            <Code
              block
              // Focusable, so a keyboard can scroll a long body; its section names it.
              tabIndex={0}
              style={{ maxHeight: 320, overflow: 'auto' }}
            >
              {JSON.stringify(delivery.payload, null, 2)}
            </Code>
          </section>
          {again.error && (
            <Alert color="red" role="alert">
              {again.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            {canRedeliver && (
              <Button loading={again.isPending} onClick={() => again.mutate(delivery.id)}>
                {t('webhooks.details.redeliver')}
              </Button>
            )}
            <Button variant="default" onClick={close}>
              {t('app.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Skeleton h={200} />
      )}
    </Modal>
  )
}
