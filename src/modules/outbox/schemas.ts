import { type Static, Type } from 'typebox'
import { DateTime, Id, PageQuery, Pagination } from '../../http/schemas.js'

/** A consumer's name, as the relay knows it (`activities`, `webhooks`, `broadcast`). */
const ConsumerName = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[a-z][a-z0-9-]*$',
  'x-expect': 'a lowercase letter, then lowercase letters, digits or -',
})

export const DeadLetterSchema = Type.Object({
  consumer: Type.String(),
  eventId: Id,
  tenantId: Type.Union([Id, Type.Null()]),
  type: Type.String(),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
  deadAt: DateTime,
  createdAt: DateTime,
})
export type DeadLetter = Static<typeof DeadLetterSchema>

export const ListDeadLettersQuery = Type.Object(
  { consumer: Type.Optional(ConsumerName), tenantId: Type.Optional(Id), ...PageQuery(100, 20) },
  { additionalProperties: false },
)
export type ListDeadLettersInput = Static<typeof ListDeadLettersQuery>

export const DeadLetterList = Type.Object({
  deadLetters: Type.Array(DeadLetterSchema),
  pagination: Pagination,
})

export const ReplayDeadLettersBody = Type.Object(
  {
    consumer: Type.Optional(ConsumerName),
    tenantId: Type.Optional(Id),
    eventIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 1000, uniqueItems: true })),
  },
  { additionalProperties: false },
)
export type ReplayDeadLettersInput = Static<typeof ReplayDeadLettersBody>

export const ReplayResult = Type.Object({ replayed: Type.Integer() })
