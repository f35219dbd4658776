import { type AnswerOf, unwrap } from '@folio/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'
import type { DeliveryStatus } from './search'

export type Delivery = AnswerOf<'listWebhookDeliveries'>['deliveries'][number]
/** Deliveries per page of the log. */
export const DELIVERIES_PAGE_SIZE = 20

/**
 * A page of the delivery log, newest first (`GET /api/webhooks/deliveries`); polled while a
 * delivery of the page is still pending, so its outcome shows without a reload.
 */
export const deliveriesQuery = (tenantId: string, page: number, status: DeliveryStatus | undefined) =>
  queryOptions({
    ...tenantQuery(tenantId, ['webhook-deliveries', { page, status }], (api) =>
      unwrap(
        api.GET('/api/webhooks/deliveries', {
          params: { query: { tenantId, page, limit: DELIVERIES_PAGE_SIZE, ...(status ? { status } : {}) } },
        }),
      ),
    ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending') ? 2000 : false,
  })

/** One delivery with the body sent (`GET /api/webhooks/deliveries/{id}`), polled while pending. */
export const deliveryQuery = (tenantId: string, id: string) =>
  queryOptions({
    ...tenantQuery(
      tenantId,
      ['webhook-deliveries', 'one', id],
      async (api) =>
        (
          await unwrap(
            api.GET('/api/webhooks/deliveries/{id}', { params: { path: { id }, query: { tenantId } } }),
          )
        ).delivery,
    ),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
  })

/** Queues a delivery for a new series of attempts; answers at once (202). */
export function redeliver(tenantId: string, id: string) {
  return unwrap(
    tenantApi(tenantId).POST('/api/webhooks/deliveries/{id}/redeliver', {
      params: { path: { id }, query: { tenantId } },
      body: {},
    }),
  )
}

/** Sends a signed test ping now and answers whether the receiver took it. */
export function sendTest(tenantId: string) {
  return unwrap(tenantApi(tenantId).POST('/api/webhooks/test', { params: { query: { tenantId } }, body: {} }))
}

/**
 * A fresh signing secret in the Standard Webhooks form, `whsec_` and 24 random bytes in base64:
 * a receiver passes that same string to `new Webhook(secret)` of the `standardwebhooks` libraries.
 */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return `whsec_${btoa(String.fromCharCode(...bytes))}`
}
