import { type Static, Type } from 'typebox'
import { WEBHOOK_DELIVERY_STATUSES } from '../../db/schema/index.js'
import { DateTime, FreeObject, Nullable, PageQuery, Pagination, TenantQuery } from '../../http/schemas.js'

/** A webhook delivery as the log shows it (docs/architecture.md "Webhooks"). */
export const DeliverySchema = Type.Object({
  id: Type.String({ description: 'The delivery id, sent as `webhook-id`: the domain event’s id' }),
  type: Type.String({ description: 'The event name, e.g. content.published; webhook.test for a ping' }),
  status: Type.Enum([...WEBHOOK_DELIVERY_STATUSES]),
  attempts: Type.Integer({ description: 'Attempts in the current series (a redelivery starts a new one)' }),
  lastStatusCode: Nullable(Type.Integer({ description: 'The HTTP status of the last answer' })),
  lastError: Nullable(Type.String({ description: 'Why the last attempt failed' })),
  lastAttemptAt: Nullable(DateTime),
  nextAttemptAt: Nullable(Type.String({ format: 'date-time', description: 'When the next attempt is due' })),
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type Delivery = Static<typeof DeliverySchema>

/** One delivery with the body sent and the start of the receiver's last answer. */
export const DeliveryDetail = Type.Object({
  delivery: Type.Object({
    ...DeliverySchema.properties,
    payload: Type.Object(
      { type: Type.String(), timestamp: DateTime, data: FreeObject },
      { description: 'The JSON body sent: { type, timestamp, data }' },
    ),
    lastResponse: Nullable(
      Type.String({
        description:
          'The start of the last answer’s body as the receiver sent it (2,000 characters at most); null when no answer came',
      }),
    ),
  }),
})

export const ListDeliveriesQuery = Type.Object(
  {
    ...PageQuery(100, 20),
    status: Type.Optional(Type.Enum([...WEBHOOK_DELIVERY_STATUSES])),
    ...TenantQuery,
  },
  { additionalProperties: false },
)
export type ListDeliveriesInput = Static<typeof ListDeliveriesQuery>

export const DeliveryPage = Type.Object({
  deliveries: Type.Array(DeliverySchema),
  pagination: Pagination,
})

export const DeliveryBody = Type.Object({ delivery: DeliverySchema })

export const TestResult = Type.Object({
  ok: Type.Boolean({ description: 'Whether the receiver answered 2xx' }),
  delivery: DeliverySchema,
})
