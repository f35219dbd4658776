import { Type } from 'typebox'
import { DateTime, Id } from '../../http/schemas.js'

/** The records presence is kept for (docs/decisions/live.md "Presence"). */
export const PRESENCE_RESOURCES = ['content'] as const

/** Resuming: the id of the last event the client saw (EventSource sends it as `Last-Event-ID`). */
const LastEventId = Type.String({
  maxLength: 64,
  description:
    'The id of the last event seen, when the client cannot send the Last-Event-ID header (which wins when both are sent)',
})

/** `GET /api/public/events`: the tenant (EventSource cannot send X-Tenant-ID) and a resume point. */
export const PublicEventsQuery = Type.Object(
  {
    tenant: Type.Optional({ ...Id, description: 'The tenant, when X-Tenant-ID cannot be sent' }),
    lastEventId: Type.Optional(LastEventId),
  },
  { additionalProperties: false },
)

/** `GET /api/events`: the tenant as for every tenant route, or `tenant` for EventSource, and a resume point. */
export const MemberEventsQuery = Type.Object(
  {
    tenantId: Type.Optional(Id),
    tenant: Type.Optional({ ...Id, description: 'The tenant, when X-Tenant-ID cannot be sent' }),
    lastEventId: Type.Optional(LastEventId),
  },
  { additionalProperties: false },
)

/** A stream's 200: `text/event-stream`, documented as text. */
export const EventStreamBody = (description: string) => ({
  description,
  content: { 'text/event-stream': { schema: Type.String() } },
})

/** A kind of record not in `PRESENCE_RESOURCES` has no record to be present on: 404, like an unknown id. */
export const PresenceParams = Type.Object(
  {
    resource: Type.String({
      pattern: '^[a-z0-9-]{1,40}$',
      'x-expect': 'a kind of record in lowercase letters, such as content',
      description: `What is being edited: ${PRESENCE_RESOURCES.join(', ')}`,
    }),
    id: Id,
  },
  { additionalProperties: false },
)

export const PresenceBody = Type.Object({
  editors: Type.Array(
    Type.Object({
      userId: Type.String({ description: 'The user (an API token: its id)' }),
      name: Type.String(),
      since: DateTime,
    }),
    { description: 'Who is editing the record, earliest first' },
  ),
})
