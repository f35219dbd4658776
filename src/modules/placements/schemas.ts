import { type Static, Type } from 'typebox'
import { DateTime, FreeObject, Id, Nullable, PageQuery, Pagination, TenantQuery } from '../../http/schemas.js'
import { SLUG_PATTERN } from '../../lib/slug.js'
import { GLOB_MAX_WILDCARDS } from './glob.js'

export const PLACEMENT_CATEGORIES = [
  'popup',
  'banner',
  'inline',
  'overlay',
  'notification',
  'widget',
  'other',
] as const
export const PLACEMENT_STATUSES = ['active', 'paused', 'archived'] as const
export const EXPERIENCE_STATUSES = ['draft', 'active', 'paused', 'archived'] as const
export const CONTENT_TYPES = [
  'content',
  'media',
  'form',
  'html',
  'component',
  'external',
  'text',
  'image',
  'video',
] as const
export const EVENT_TYPES = [
  'impression',
  'view',
  'click',
  'close',
  'dismiss',
  'submit',
  'conversion',
  'error',
] as const
export const MAX_EXPERIENCES = 20

const Short = (maxLength = 200) => Type.String({ maxLength })
const Name = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '\\S',
  'x-expect': 'text with a visible character',
})
const Strings = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 100, description })
const Count = Type.Integer({ minimum: 0, maximum: 1_000_000 })

const CookieRule = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 200 }),
    value: Type.Optional(Short(1000)),
    operator: Type.Enum([
      'equals',
      'notEquals',
      'contains',
      'notContains',
      'exists',
      'notExists',
      'startsWith',
      'endsWith',
    ]),
  },
  { additionalProperties: false },
)

/**
 * Targeting rules (docs/decisions/menus-and-placements.md "Targeting fails closed"). Every list is
 * "any of".
 */
export const RulesSchema = Type.Object(
  {
    paths: Type.Optional(
      Strings(
        'Path globs: * within a segment, ** across segments (/shop/** also matches /shop); at most ' +
          `${GLOB_MAX_WILDCARDS} wildcards (* or **) per glob`,
      ),
    ),
    pathMode: Type.Optional(Type.Enum(['include', 'exclude'])),
    query: Type.Optional(
      Type.Unsafe<Record<string, string>>({
        type: 'object',
        additionalProperties: { type: 'string', maxLength: 500 },
        maxProperties: 20,
      }),
    ),
    locales: Type.Optional(Strings('Locales, case-insensitive')),
    devices: Type.Optional(Type.Array(Type.Enum(['mobile', 'tablet', 'desktop']), { maxItems: 3 })),
    browsers: Type.Optional(Strings('Browser names')),
    os: Type.Optional(Strings('Operating system names')),
    countries: Type.Optional(Strings('ISO country codes, matched against context.country')),
    authenticated: Type.Optional(Type.Boolean()),
    roles: Type.Optional(Strings('Any of these context.userRoles')),
    userTags: Type.Optional(Strings('Any of these context.userTags')),
    requiredFlags: Type.Optional(Strings('All of these in context.featureFlags')),
    excludeFlags: Type.Optional(Strings('None of these in context.featureFlags')),
    cookies: Type.Optional(
      Type.Object(
        {
          include: Type.Optional(Type.Array(CookieRule, { maxItems: 20 })),
          exclude: Type.Optional(Type.Array(CookieRule, { maxItems: 20 })),
        },
        { additionalProperties: false },
      ),
    ),
    referrers: Type.Optional(Strings('Parts of the referrer, any of')),
    excludeReferrers: Type.Optional(Strings('Parts of the referrer, none of')),
    schedule: Type.Optional(
      Type.Object(
        {
          startAt: Type.Optional(DateTime),
          endAt: Type.Optional(DateTime),
          daysOfWeek: Type.Optional(
            Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { maxItems: 7, description: '0 = Sunday' }),
          ),
          hoursOfDay: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 23 }), { maxItems: 24 })),
          excludeDates: Type.Optional(Type.Array(Type.String({ format: 'date' }), { maxItems: 366 })),
        },
        { additionalProperties: false, description: 'Read in the placement time zone' },
      ),
    ),
    frequency: Type.Optional(
      Type.Object(
        {
          maxPerSession: Type.Optional(Count),
          maxPerDay: Type.Optional(Count),
          maxPerWeek: Type.Optional(Count),
          maxPerMonth: Type.Optional(Count),
          maxTotal: Type.Optional(Count),
          capKey: Type.Optional(
            Type.String({ minLength: 1, maxLength: 100, description: 'Default: the experience id' }),
          ),
        },
        {
          additionalProperties: false,
          description: 'Caps read from context.seenCaps[capKey], counted by the site',
        },
      ),
    ),
  },
  { additionalProperties: false },
)

const ExperienceInputFields = {
  name: Name,
  description: Short(1000),
  status: Type.Enum([...EXPERIENCE_STATUSES]),
  priority: Type.Integer({ minimum: 0, maximum: 100, description: 'The highest eligible priority wins' }),
  weight: Type.Integer({
    minimum: 0,
    maximum: 100,
    description: 'Share among equal priorities; 0 = never picked',
  }),
  contentType: Type.Enum([...CONTENT_TYPES]),
  payload: FreeObject,
  ui: FreeObject,
  trigger: FreeObject,
  rules: RulesSchema,
}
export const CreateExperienceBody = Type.Object(
  {
    name: ExperienceInputFields.name,
    description: Type.Optional(ExperienceInputFields.description),
    status: Type.Optional({ ...ExperienceInputFields.status, default: 'draft' }),
    priority: Type.Optional({ ...ExperienceInputFields.priority, default: 50 }),
    weight: Type.Optional({ ...ExperienceInputFields.weight, default: 100 }),
    contentType: ExperienceInputFields.contentType,
    payload: Type.Optional(ExperienceInputFields.payload),
    ui: Type.Optional(ExperienceInputFields.ui),
    trigger: Type.Optional(ExperienceInputFields.trigger),
    rules: Type.Optional(ExperienceInputFields.rules),
  },
  {
    additionalProperties: false,
    example: { name: 'Spring sale', status: 'active', contentType: 'text', payload: { title: 'Sale' } },
  },
)
export type CreateExperienceInput = Static<typeof CreateExperienceBody>
export const UpdateExperienceBody = Type.Partial(CreateExperienceBody, {
  additionalProperties: false,
  minProperties: 1,
})
export type UpdateExperienceInput = Static<typeof UpdateExperienceBody>

export const ExperienceSchema = Type.Object({
  id: Id,
  name: Type.String(),
  description: Type.String(),
  status: Type.Enum([...EXPERIENCE_STATUSES]),
  priority: Type.Integer(),
  weight: Type.Integer(),
  contentType: Type.Enum([...CONTENT_TYPES]),
  payload: FreeObject,
  ui: FreeObject,
  trigger: FreeObject,
  rules: RulesSchema,
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type Experience = Static<typeof ExperienceSchema>

const SettingsSchema = Type.Object(
  {
    fallbackExperienceId: Type.Optional(
      Nullable({ ...Id, description: 'Shown (if active) when nothing else is eligible' }),
    ),
  },
  { additionalProperties: false },
)

/** Longest placement slug (a copy's `-copy-N` slug included). */
export const PLACEMENT_SLUG_MAX_LENGTH = 100

export const PlacementSlug = Type.String({
  minLength: 1,
  maxLength: PLACEMENT_SLUG_MAX_LENGTH,
  pattern: SLUG_PATTERN,
  description: 'Unique in the tenant; what sites ask for',
})

const PlacementInputFields = {
  slug: PlacementSlug,
  name: Name,
  description: Short(1000),
  category: Type.Enum([...PLACEMENT_CATEGORIES]),
  status: Type.Enum([...PLACEMENT_STATUSES]),
  timezone: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'IANA time zone of the schedules, default UTC',
  }),
  defaultRules: RulesSchema,
  settings: SettingsSchema,
}
export const CreatePlacementBody = Type.Object(
  {
    slug: PlacementInputFields.slug,
    name: PlacementInputFields.name,
    description: Type.Optional(PlacementInputFields.description),
    category: Type.Optional({ ...PlacementInputFields.category, default: 'other' }),
    status: Type.Optional({ ...PlacementInputFields.status, default: 'active' }),
    timezone: Type.Optional(PlacementInputFields.timezone),
    defaultRules: Type.Optional({
      ...PlacementInputFields.defaultRules,
      description: 'Rules every experience inherits; an experience overrides them rule by rule',
    }),
    settings: Type.Optional(PlacementInputFields.settings),
    experiences: Type.Optional(Type.Array(CreateExperienceBody, { maxItems: MAX_EXPERIENCES })),
  },
  { additionalProperties: false, example: { slug: 'home-hero', name: 'Home hero', category: 'banner' } },
)
export type CreatePlacementInput = Static<typeof CreatePlacementBody>
export const UpdatePlacementBody = Type.Object(
  {
    slug: Type.Optional(PlacementInputFields.slug),
    name: Type.Optional(PlacementInputFields.name),
    description: Type.Optional(PlacementInputFields.description),
    category: Type.Optional(PlacementInputFields.category),
    status: Type.Optional(PlacementInputFields.status),
    timezone: Type.Optional(PlacementInputFields.timezone),
    defaultRules: Type.Optional(PlacementInputFields.defaultRules),
    settings: Type.Optional(PlacementInputFields.settings),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type UpdatePlacementInput = Static<typeof UpdatePlacementBody>

export const PlacementSchema = Type.Object({
  id: Id,
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  category: Type.Enum([...PLACEMENT_CATEGORIES]),
  status: Type.Enum([...PLACEMENT_STATUSES]),
  timezone: Type.String(),
  defaultRules: RulesSchema,
  settings: SettingsSchema,
  version: Type.Integer({ description: 'Grows with every change; assignment depends on it' }),
  experiences: Type.Array(ExperienceSchema),
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type Placement = Static<typeof PlacementSchema>
export const PlacementBody = Type.Object({ placement: PlacementSchema })
export const ExperienceBody = Type.Object({ experience: ExperienceSchema })
export const PlacementPage = Type.Object({ placements: Type.Array(PlacementSchema), pagination: Pagination })
export const ListPlacementsQuery = Type.Object(
  {
    status: Type.Optional(Type.Enum([...PLACEMENT_STATUSES])),
    category: Type.Optional(Type.Enum([...PLACEMENT_CATEGORIES])),
    ...PageQuery(100, 20),
    ...TenantQuery,
  },
  { additionalProperties: false },
)
export type ListPlacementsQuery = Static<typeof ListPlacementsQuery>
export const PlacementParams = Type.Object({ id: Id }, { additionalProperties: false })
export const ExperienceParams = Type.Object({ id: Id, experienceId: Id }, { additionalProperties: false })
