import { type Static, Type } from 'typebox'
import { DateTime, FreeObject, Id, Nullable, TenantQuery } from '../../http/schemas.js'

/**
 * An activity (API contract: GET /api/activities), plus `actor` (who acted when it was not a user:
 * an API token or Folio itself).
 */
export const ActivitySchema = Type.Object({
  id: Type.String(),
  user: Nullable(
    Type.Object({
      id: Type.String(),
      firstName: Type.String(),
      lastName: Type.String(),
      email: Type.String(),
    }),
  ),
  actor: Type.Object({
    kind: Type.Enum(['user', 'apiToken', 'system']),
    id: Nullable(Type.String()),
    name: Type.String({ description: 'A user by name, an API token by its name, Folio by the job' }),
  }),
  action: Type.String({ description: 'The event name, e.g. content.created' }),
  description: Type.String(),
  metadata: FreeObject,
  ipAddress: Nullable(Type.String()),
  createdAt: DateTime,
})
export type Activity = Static<typeof ActivitySchema>

const ACTION_PATTERN = '^[a-z][a-z-]*(\\.[a-z][a-z-]*)+$'

export const ListActivitiesQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    action: Type.Optional(
      Type.String({
        pattern: ACTION_PATTERN,
        maxLength: 100,
        'x-expect': 'an event name such as content.created',
      }),
    ),
    userId: Type.Optional(Id),
    ...TenantQuery,
  },
  { additionalProperties: false },
)
export type ListActivitiesInput = Static<typeof ListActivitiesQuery>

export const ActivityPage = Type.Object({
  activities: Type.Array(ActivitySchema),
  pagination: Type.Object({
    page: Type.Integer(),
    limit: Type.Integer(),
    total: Type.Integer(),
    totalPages: Type.Integer(),
  }),
})

export const RecentActivitiesQuery = Type.Object(
  {
    tenantId: Id,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
  },
  { additionalProperties: false },
)

/** The recent list leaves out client addresses (it feeds dashboards). */
export const RecentActivities = Type.Object({
  activities: Type.Array(Type.Omit(ActivitySchema, ['ipAddress'])),
})
