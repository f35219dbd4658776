import { EVENT_TYPES, EVENTS, type EventType } from '../events/catalog.js'

/**
 * The webhook bodies in the OpenAPI document, from the event catalog (docs/decisions/jobs-and-events.md
 * "One catalog of events"): a component `WebhookEvent.<type>` per event type (the Standard Webhooks
 * body `{ type, timestamp, data }`, `data` being the event's payload with its subject's id), the
 * component `WebhookEvent` (one of them, told apart by `type`), and an `x-webhooks` extension
 * naming the request Folio sends for each (OpenAPI 3.0.3 has no `webhooks` member). Folio's own
 * `webhook.*` events are never sent, so they are not listed.
 */
export function webhookDocs() {
  const sent = EVENT_TYPES.filter((type) => !type.startsWith('webhook.'))
  const ref = (type: EventType) => `#/components/schemas/${componentName(type)}`
  const schemas: Record<string, object> = {
    WebhookEvent: {
      description:
        'A webhook delivery body (Standard Webhooks): signed with webhook-id (the event id), webhook-timestamp and webhook-signature headers.',
      oneOf: sent.map((type) => ({ $ref: ref(type) })),
      discriminator: {
        propertyName: 'type',
        mapping: Object.fromEntries(sent.map((type) => [type, ref(type)])),
      },
    },
  }
  for (const type of sent) schemas[componentName(type)] = bodySchema(type)
  const webhooks = Object.fromEntries(
    sent.map((type) => [
      type,
      {
        post: {
          summary: descriptionOf(type),
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: ref(type) } } } },
          responses: { '200': { description: 'Any 2xx answer marks the delivery succeeded.' } },
        },
      },
    ]),
  )
  const extensions: Record<string, unknown> = { 'x-webhooks': webhooks }
  return { schemas, extensions }
}

const descriptionOf = (type: EventType) => (EVENTS[type] as { description?: string }).description ?? type

function componentName(type: EventType) {
  return `WebhookEvent.${type}`
}

/** `{ type, timestamp, data }` for `type`, in OpenAPI 3.0 form. */
function bodySchema(type: EventType) {
  const payload = toOpenApi(EVENTS[type]) as { properties: Record<string, unknown>; description?: string }
  const data =
    'id' in payload.properties
      ? payload
      : {
          ...payload,
          properties: {
            id: { type: 'string', description: 'The id of the record the event is about, when there is one' },
            ...payload.properties,
          },
        }
  return {
    type: 'object',
    description: payload.description,
    required: ['type', 'timestamp', 'data'],
    properties: {
      type: { type: 'string', enum: [type] },
      timestamp: { type: 'string', format: 'date-time', description: 'When the event was recorded' },
      data,
    },
    additionalProperties: false,
  }
}

/**
 * A catalog schema in OpenAPI 3.0.3 form: a union with null becomes `nullable: true` (3.0 has no
 * `type: 'null'`); everything else is kept.
 */
export function toOpenApi(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toOpenApi)
  if (schema === null || typeof schema !== 'object') return schema
  const members = schema as Record<string, unknown>
  const anyOf = members.anyOf
  if (Array.isArray(anyOf)) {
    const others = anyOf.filter((entry) => (entry as { type?: unknown }).type !== 'null')
    if (others.length === 1 && others.length < anyOf.length) {
      const { anyOf: _union, ...rest } = members
      return { ...(toOpenApi(others[0]) as object), ...rest, nullable: true }
    }
  }
  return Object.fromEntries(Object.entries(members).map(([key, value]) => [key, toOpenApi(value)]))
}
