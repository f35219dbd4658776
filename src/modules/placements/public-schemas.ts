import { type Static, Type } from 'typebox'
import { DateTime, FreeObject, Id, Nullable } from '../../http/schemas.js'
import { REJECTION_CODES } from './rules.js'
import { EVENT_TYPES, PlacementSlug } from './schemas.js'

/** Payloads of the decide, debug and event routes (what a site sends and gets). */
const Short = (maxLength = 200) => Type.String({ maxLength })
const Strings = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 100, description })

const Visitor = Type.String({ minLength: 1, maxLength: 200 })
export const DecisionContextSchema = Type.Object(
  {
    path: Type.String({ minLength: 1, maxLength: 2000, pattern: '^/', 'x-expect': 'a path starting with /' }),
    sessionId: Visitor,
    userKey: Type.Optional({
      ...Visitor,
      description: 'A stable visitor id; assignment uses it before sessionId',
    }),
    locale: Type.Optional(Short(35)),
    device: Type.Optional(Type.Enum(['mobile', 'tablet', 'desktop'])),
    browser: Type.Optional(Short(100)),
    os: Type.Optional(Short(100)),
    country: Type.Optional(Short(2)),
    authenticated: Type.Optional(Type.Boolean()),
    userRoles: Type.Optional(Strings('The visitor’s roles')),
    userTags: Type.Optional(Strings('The visitor’s tags')),
    featureFlags: Type.Optional(Strings('Feature flags on for the visitor')),
    query: Type.Optional(
      Type.Unsafe<Record<string, string>>({
        type: 'object',
        additionalProperties: { type: 'string', maxLength: 2000 },
        maxProperties: 50,
      }),
    ),
    cookies: Type.Optional(
      Type.Unsafe<Record<string, string>>({
        type: 'object',
        additionalProperties: { type: 'string', maxLength: 4096 },
        maxProperties: 50,
      }),
    ),
    referrer: Type.Optional(Short(2000)),
    seenCaps: Type.Optional(
      Type.Unsafe<Record<string, Record<string, number>>>({
        type: 'object',
        maxProperties: 50,
        additionalProperties: {
          type: 'object',
          additionalProperties: false,
          properties: Object.fromEntries(
            ['session', 'day', 'week', 'month', 'total'].map((key) => [key, { type: 'integer', minimum: 0 }]),
          ),
        },
        description:
          'Per cap key, what the visitor has seen: {session, day, week, month, total}; missing counts are 0',
      }),
    ),
  },
  { additionalProperties: false },
)
export type DecisionContextInput = Static<typeof DecisionContextSchema>

export const DecideBody = Type.Object(
  { placement: PlacementSlug, context: DecisionContextSchema },
  {
    additionalProperties: false,
    example: { placement: 'home-hero', context: { path: '/', sessionId: 's-1' } },
  },
)
export const DecideBatchBody = Type.Object(
  {
    placements: Type.Array(PlacementSlug, { minItems: 1, maxItems: 20, uniqueItems: true }),
    context: DecisionContextSchema,
  },
  { additionalProperties: false },
)

export const DecisionSchema = Type.Object({
  decisionId: Type.String({ format: 'uuid', description: 'Send back as trackingId with the events' }),
  placement: Type.Object({ id: Id, slug: Type.String(), name: Type.String(), category: Type.String() }),
  experience: Type.Object({
    id: Id,
    name: Type.String(),
    contentType: Type.String(),
    payload: FreeObject,
    ui: FreeObject,
    trigger: FreeObject,
  }),
  reason: Type.Enum(['eligible', 'fallback']),
  tracking: Type.Object({
    placementId: Id,
    experienceId: Id,
    trackingId: Type.String(),
    sessionId: Type.String(),
    userKey: Nullable(Type.String()),
    version: Type.Integer(),
    capKey: Type.String({ description: 'Count impressions under this key for seenCaps' }),
  }),
})
export type Decision = Static<typeof DecisionSchema>
export const DecisionBody = Type.Object({ decision: DecisionSchema })
export const DecisionsBody = Type.Object({
  decisions: Type.Unsafe<Record<string, Decision>>({
    type: 'object',
    additionalProperties: DecisionSchema,
    description: 'By placement slug; placements with nothing eligible are left out',
  }),
})

export const DebugDecisionBody = Type.Object(
  {
    ...DecideBody.properties,
    at: Type.Optional({ ...DateTime, description: 'Evaluate as of this time (default now)' }),
  },
  { additionalProperties: false },
)
export const DebugDecisionResult = Type.Object({
  selected: Nullable(Type.Object({ experienceId: Id, reason: Type.Enum(['eligible', 'fallback']) })),
  bucket: Type.Number({ description: 'The visitor’s point in [0, 1) for this placement version' }),
  evaluated: Type.Array(
    Type.Object({
      experienceId: Id,
      name: Type.String(),
      eligible: Type.Boolean(),
      rejections: Type.Array(Type.Object({ code: Type.Enum([...REJECTION_CODES]), message: Type.String() })),
    }),
  ),
})

export const EventSchema = Type.Object(
  {
    placementId: Id,
    experienceId: Id,
    type: Type.Enum([...EVENT_TYPES]),
    sessionId: Visitor,
    path: Type.String({ minLength: 1, maxLength: 2000 }),
    trackingId: Type.Optional(Short(100)),
    userKey: Type.Optional(Visitor),
    referrer: Type.Optional(Short(2000)),
    locale: Type.Optional(Short(35)),
    title: Type.Optional(Short(500)),
    device: Type.Optional(Type.Enum(['mobile', 'tablet', 'desktop', 'unknown'])),
    browser: Type.Optional(Short(100)),
    browserVersion: Type.Optional(Short(50)),
    os: Type.Optional(Short(100)),
    osVersion: Type.Optional(Short(50)),
    screenSize: Type.Optional(Short(20)),
    viewport: Type.Optional(Short(20)),
    duration: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_400_000, description: 'Milliseconds' })),
    scrollDepth: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    clickTarget: Type.Optional(Short(500)),
    clickPosition: Type.Optional(
      Type.Object({ x: Type.Integer(), y: Type.Integer() }, { additionalProperties: false }),
    ),
    conversionGoal: Type.Optional(Short(200)),
    conversionValue: Type.Optional(Type.Number({ minimum: -1e12, maximum: 1e12 })),
    formId: Type.Optional(Id),
    formData: Type.Optional({
      ...FreeObject,
      description: 'Keys like password, ssn, creditCard, cvv, pin are stored redacted',
    }),
    error: Type.Optional(
      Type.Object({ message: Short(1000), code: Type.Optional(Short(100)) }, { additionalProperties: false }),
    ),
    metadata: Type.Optional(FreeObject),
  },
  { additionalProperties: false },
)
export type PlacementEventInput = Static<typeof EventSchema>
export const EventsBatchBody = Type.Object(
  { events: Type.Array(EventSchema, { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
)
export const EventsBatchResult = Type.Object({
  stored: Type.Integer({ description: 'Events written (and counted into the stats)' }),
  rejected: Type.Array(
    Type.Object({ index: Type.Integer(), code: Type.Enum(['unknown_placement', 'unknown_experience']) }),
    { description: 'Events naming a placement or experience this tenant does not have; not stored' },
  ),
})
