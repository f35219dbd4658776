import { type Static, type TSchema, Type } from 'typebox'
import { FREE_DOCUMENT_LIMITS, FREE_OBJECT_LIMITS, type FreeObjectLimits } from '../lib/free-object.js'
import { ID_PATTERN } from '../lib/ids.js'
import { LOCALE_EXPECT, MAX_LOCALES } from '../lib/locale.js'

/**
 * Shared TypeBox primitives. Everything here must also be valid OpenAPI 3.0.3 (the document is
 * generated from these schemas), so: no `const`, no `type: 'null'`, no `patternProperties`.
 * Nullable values use `nullable: true`, which Ajv and fast-json-stringify both understand.
 */
export const Id = Type.String({
  pattern: ID_PATTERN,
  description: '24 lowercase hex characters',
  'x-expect': '24 lowercase hex characters',
})

export const DateTime = Type.String({ format: 'date-time' })

/** `schema` or null, in the OpenAPI 3.0 way. */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, nullable: true })
}

/**
 * A free JSON object (any members) within `limits` (docs/decisions/input-hygiene.md "Free objects
 * have limits"), enforced on requests by the `x-free-object` keyword (`validation.ts`).
 */
export function FreeObjectOf(limits: FreeObjectLimits) {
  return Type.Unsafe<Record<string, unknown>>({
    type: 'object',
    additionalProperties: true,
    'x-free-object': limits,
  })
}

/** A free object (`customFields`, `settings`, `metadata`): depth ≤ 32, ≤ 1,000 members, ≤ 256 KB. */
export const FreeObject = FreeObjectOf(FREE_OBJECT_LIMITS)

/** A free document (`lexical`): as `FreeObject`, up to 200,000 members and 2 MB. */
export const FreeDocument = FreeObjectOf(FREE_DOCUMENT_LIMITS)

export const IdParams = Type.Object({ id: Id }, { additionalProperties: false })

/**
 * A query filter of ids given as `?ids=a`, `?ids=a&ids=b` or `?ids=a,b` (the spec's "array of string
 * or one string"; Ajv's `coerceTypes: 'array'` wraps a single value). Flatten with `splitIdList` (lib/paging.ts).
 */
export const IdList = Type.Array(
  Type.String({
    pattern: '^[a-f0-9]{24}(,[a-f0-9]{24})*$',
    maxLength: 2499,
    'x-expect': 'one or more comma-separated 24-hex ids',
  }),
  { maxItems: 100, description: 'Ids: repeat the parameter or separate ids with commas (at most 100 each)' },
)

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'Stable PascalCase error code' }),
    message: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
    retryAfter: Type.Optional(Type.Integer()),
  },
  { additionalProperties: true },
)

/** Response schemas for the given error statuses, to spread into a route's `response`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as Record<S, typeof ErrorBody>
}

export const MessageBody = Type.Object({ message: Type.String() })

export const SuccessBody = Type.Object({ success: Type.Boolean() })

export const Pagination = Type.Object({
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  pages: Type.Integer(),
})

/** Query members shared by list routes; page sizes follow the spec's "Limits" table per route. */
export const PageQuery = (limitMax = 100, limitDefault = 20) => ({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: limitMax, default: limitDefault })),
})

/**
 * Query members of a localized public read (`config.localized`; docs/decisions/localization.md
 * "Negotiation"): spread into the route's querystring. The public-route plugin reads them before
 * validation, to negotiate the locale; the schema documents them and refuses a malformed one.
 */
export const LocaleQuery = {
  locale: Type.Optional(
    Type.String({
      minLength: 2,
      maxLength: 35,
      pattern: '^[A-Za-z0-9-]+$',
      description:
        "The locale to answer in, one of the tenant's (BCP 47: en, tr, de-AT); without it, Accept-Language is negotiated, else the tenant's default.",
      'x-expect': LOCALE_EXPECT,
    }),
  ),
  fallback: Type.Optional(
    Type.Boolean({
      default: true,
      description:
        "false: only records that have the asked locale itself; true: each record in the best locale of the locale's fallback chain.",
    }),
  ),
}

/**
 * A record's translations (docs/decisions/localization.md "Field-level localization"): locale →
 * `{ member?: text }`, the members given by `members` (each `Type.Optional`), for the tenant's locales other
 * than the default. A plain object schema (OpenAPI 3.0 has no `patternProperties`): the locales are
 * checked by `checkTranslations` (lib/field-translations.ts) against the tenant's.
 */
export function TranslationsOf<T extends Record<string, TSchema>>(
  members: T,
  example: Record<string, unknown>,
) {
  const entry = Type.Object(members, { additionalProperties: false })
  return Type.Unsafe<Record<string, Static<typeof entry>>>({
    type: 'object',
    additionalProperties: entry,
    maxProperties: MAX_LOCALES,
    description:
      "Values per locale other than the tenant's default (each member optional; a missing one falls back along the reader's locale chain). A write that sends it replaces the map whole; a locale with no member is dropped.",
    example,
  })
}

/** `{ locale, slug }` of a record in each other locale with a slug of its own, for `hreflang` links. */
export const Alternates = Type.Array(Type.Object({ locale: Type.String(), slug: Type.String() }), {
  description:
    "The record's slug in each other locale of the tenant where it has one of its own (the default included), in the tenant's order",
})

/**
 * Tenant selection accepted by every tenant-scoped admin route (docs/decisions/tenancy.md "The
 * tenant comes from the credential"). Spread into each route's querystring so strict query checking
 * still holds.
 */
export const TenantQuery = { tenantId: Type.Optional(Id) }

/**
 * Tenant selection where the API contract makes the `tenantId` query parameter required (tenant
 * user administration under `/api/users` names its tenant on every call). Missing → 400.
 */
export const RequiredTenantQuery = { tenantId: Id }

/** The query of a route that takes nothing but the optional `tenantId`. */
export const TenantOnlyQuery = Type.Object(TenantQuery, { additionalProperties: false })
