import { Type } from 'typebox'
import { DateTime, Id, Nullable } from '../../http/schemas.js'

const Count = Type.Integer({ minimum: 0 })
const Limit = Nullable(Type.Integer({ minimum: 0 }))

/** The request-quota metric of a budget (spec: current usage, limit, remaining, percentage, an unlimited flag). */
const RequestMetric = Type.Object({
  usage: Type.Integer({ minimum: 0, description: 'Requests counted in the current period' }),
  limit: Nullable(
    Type.Integer({ minimum: 0, description: "The budget's effective monthly limit; null: unlimited" }),
  ),
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
      Type.Integer({ minimum: 0, description: "The plan's own limit of each budget; null: unlimited" }),
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
        description:
          "The admin budget's effective limit: the smallest of the plan's, apiCalls and adminApiCalls (usage.budgets has both budgets')",
      }),
    ),
    apiCalls: Limit,
    publicApiCalls: Limit,
    adminApiCalls: Limit,
    entries: Limit,
    media: Limit,
    users: Limit,
    emailPerMonth: Limit,
    custom: Type.Record(Type.String(), Limit),
  }),
  usage: Type.Object({
    requests: Type.Object(RequestMetric.properties, {
      description: 'The admin budget (the same as budgets.admin)',
    }),
    budgets: Type.Object(
      {
        admin: Type.Object(RequestMetric.properties, {
          description: 'Authenticated tenant routes (sessions and API tokens)',
        }),
        public: Type.Object(RequestMetric.properties, { description: 'The /api/public delivery routes' }),
      },
      { description: 'Each budget, counted and limited apart' },
    ),
  }),
  metering: Type.Boolean({
    description: 'false when the server runs with METERING=off (nothing is counted)',
  }),
})

/** Requests counted in each dashboard window. */
const Windows = {
  fourHour: Count,
  daily: Count,
  today: Count,
  weekly: Count,
  monthly: Count,
}

export const ApiStats = Type.Object({
  ...Windows,
  budgets: Type.Object(
    {
      admin: Type.Object(Windows, { description: 'Authenticated tenant routes' }),
      public: Type.Object(Windows, { description: 'The /api/public delivery routes' }),
    },
    { description: 'Each budget’s windows; the top-level windows are their sums' },
  ),
  days: Type.Array(
    Type.Object({
      date: Type.String({ format: 'date', description: 'The UTC day, YYYY-MM-DD' }),
      requests: Count,
      admin: Count,
      public: Count,
    }),
    {
      description:
        'Requests per UTC day of the quota month, from its first day through today (days without requests count 0): both budgets together and each',
    },
  ),
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
