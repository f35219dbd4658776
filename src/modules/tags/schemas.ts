import { type Static, Type } from 'typebox'
import {
  Alternates,
  DateTime,
  IdList,
  LocaleQuery,
  Nullable,
  PageQuery,
  Pagination,
  TenantQuery,
  TranslationsOf,
} from '../../http/schemas.js'
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../../lib/slug.js'

const Title = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '\\S',
  'x-expect': 'text with a visible character',
})

/** A tag's title and slug in the tenant's other locales (docs/decisions/localization.md "Field-level localization"). */
const TagTranslations = TranslationsOf(
  {
    title: Type.Optional(Title),
    slug: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: SLUG_MAX_LENGTH,
        description: 'Normalized to a URL slug; unique among the slugs of its locale',
      }),
    ),
  },
  { de: { title: 'Straßenessen', slug: 'strassenessen' } },
)

export const TagSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  slug: Type.String(),
  translations: TagTranslations,
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type Tag = Static<typeof TagSchema>

export const TagBody = Type.Object({ tag: TagSchema })

export const TagPage = Type.Object({ tags: Type.Array(TagSchema), pagination: Pagination })

export const ListTagsQuery = Type.Object(
  {
    search: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Case-insensitive literal part of the title',
      }),
    ),
    ...PageQuery(100, 20),
    ids: Type.Optional(IdList),
    ...TenantQuery,
  },
  { additionalProperties: false },
)
export type ListTagsQuery = Static<typeof ListTagsQuery>

export const CreateTagBody = Type.Object(
  {
    title: Title,
    slug: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: SLUG_MAX_LENGTH,
        description: 'Normalized to a URL slug; default from the title',
      }),
    ),
    translations: Type.Optional(TagTranslations),
  },
  { additionalProperties: false, example: { title: 'Street food' } },
)
export type CreateTagInput = Static<typeof CreateTagBody>

export const UpdateTagBody = Type.Object(
  {
    title: Type.Optional(Title),
    slug: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: SLUG_MAX_LENGTH,
        description: 'Normalized to a URL slug; not regenerated from a new title',
      }),
    ),
    translations: Type.Optional(TagTranslations),
  },
  { additionalProperties: false, minProperties: 1, example: { title: 'Street food' } },
)
export type UpdateTagInput = Static<typeof UpdateTagBody>

/**
 * A tag as a site reads it: title and slug each from the first locale of the reader's chain that
 * has it; null only with `fallback=false`, for a member the asked locale has no value of.
 */
export const PublicTagSchema = Type.Object({
  id: Type.String(),
  title: Nullable(Type.String()),
  slug: Nullable(Type.String()),
  locale: Type.String({
    description:
      'The locale the title was answered in: the first of the asked locale’s chain that has one (with fallback=false, the asked locale)',
  }),
  alternates: Alternates,
})
export type PublicTag = Static<typeof PublicTagSchema>
export const PublicTagBody = Type.Object({ tag: PublicTagSchema })
export const PublicTagPage = Type.Object({ tags: Type.Array(PublicTagSchema), pagination: Pagination })

export const PublicTagsQuery = Type.Object(
  { ...PageQuery(100, 20), ...LocaleQuery },
  { additionalProperties: false },
)
export type PublicTagsQuery = Static<typeof PublicTagsQuery>
export const PublicTagQuery = Type.Object(LocaleQuery, { additionalProperties: false })
export const PublicTagSlugParams = Type.Object(
  {
    slug: Type.String({
      minLength: 1,
      maxLength: SLUG_MAX_LENGTH,
      pattern: SLUG_PATTERN,
      description: 'The tag’s slug in any of the tenant’s locales',
      'x-expect': 'a slug: lowercase letters and digits joined by single dashes',
    }),
  },
  { additionalProperties: false },
)
