import { Type } from 'typebox'
import { DateTime, Id, Nullable } from '../../http/schemas.js'

const Count = Type.Integer({ minimum: 0 })
const Limit = Nullable(Type.Integer({ minimum: 0 }))

/** The request-quota metric (spec: current usage, limit, remaining, percentage, an unlimited flag). */
const RequestMetric = Type.Object({
  usage: Type.Integer({ minimum: 0, description: 'Requests counted in the current period' }),
  limit: Nullable(Type.Integer({ minimum: 0, description: 'The effective monthly limit; null: unlimited' })),
  remaining: Nullable(
    Type.Integer({ minimum: 0, description: 'limit − usage, at least 0; null: unlimited' }),
  ),
  percentage: Type.Number({
    minimum: 0,
    maximum: 100,
    description: 'usage / limit in percent; 0 when unlimited',
  }),
  unlimited: Type.Boolean(),
})

export const TenantLimits = Type.Object({
  tenant: Type.Object({ id: Id, name: Type.String(), slug: Type.String() }),
  plan: Type.Object({
    slug: Type.String(),
    name: Type.String(),
    monthlyRequestLimit: Nullable(
      Type.Integer({ minimum: 0, description: "The plan's own limit; null: unlimited" }),
    ),
  }),
  period: Type.Object({
    key: Type.String({ description: 'The quota period, YYYY-MM (UTC calendar month)' }),
    start: DateTime,
    resetAt: DateTime,
  }),
  limits: Type.Object({
    monthlyRequests: Nullable(
      Type.Integer({
        minimum: 0,
        description: "Effective: the smaller of the plan's and settings' apiCalls",
      }),
    ),
    apiCalls: Limit,
    entries: Limit,
    media: Limit,
    users: Limit,
    emailPerMonth: Limit,
    custom: Type.Record(Type.String(), Limit),
  }),
  usage: Type.Object({ requests: RequestMetric }),
  metering: Type.Boolean({
    description: 'false when the server runs with METERING=off (nothing is counted)',
  }),
})

export const ApiStats = Type.Object({
  fourHour: Count,
  daily: Count,
  today: Count,
  weekly: Count,
  monthly: Count,
  periodKey: Type.String(),
  enabled: Type.Boolean(),
  deliveryCache: Type.Object(
    {
      hits: Type.Integer({ minimum: 0 }),
      misses: Type.Integer({ minimum: 0 }),
      hitRate: Type.Number({
        minimum: 0,
        maximum: 1,
        description: 'hits / (hits + misses); 0 before any read',
      }),
    },
    {
      description:
        'Public reads of the tenant answered from the delivery cache (hits) or not (misses), counted by this instance since it started',
    },
  ),
})
