import { type Static, Type } from 'typebox'
import {
  Alternates,
  DateTime,
  FreeObject,
  Id,
  IdList,
  LocaleQuery,
  Nullable,
  Pagination,
  TenantQuery,
  TranslationsOf,
} from '../../http/schemas.js'
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../../lib/slug.js'

export const SORT_FIELDS = ['publishedAt', 'createdAt', 'updatedAt', 'title'] as const
export const SORT_ORDERS = ['asc', 'desc'] as const

/** Positions stay far below int4 so "next position" and merge offsets cannot overflow. */
const POSITION_MAX = 1_000_000

const Name = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '\\S',
  'x-expect': 'text with a visible character',
})
const Slug = Type.String({
  minLength: 1,
  maxLength: SLUG_MAX_LENGTH,
  description: 'Normalized to a URL slug',
})
const Description = Type.String({ maxLength: 5000 })
const TRANSLATIONS_EXAMPLE = { tr: { name: 'Seyahat', slug: 'seyahat' } }

/** A category's values in the tenant's other locales (docs/decisions/localization.md "Field-level localization"). */
const CategoryTranslations = TranslationsOf(
  {
    name: Type.Optional(Name),
    slug: Type.Optional({
      ...Slug,
      description: 'Normalized to a URL slug; unique among the slugs of its locale',
    }),
    description: Type.Optional({ ...Description, description: 'An empty text is no value (it falls back)' }),
  },
  TRANSLATIONS_EXAMPLE,
)

const categoryFields = {
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  description: Type.String(),
  parentId: Nullable(Type.String()),
  position: Type.Integer(),
  defaultSortField: Type.String(),
  defaultSortOrder: Type.String(),
  settings: FreeObject,
  metadata: FreeObject,
  translations: CategoryTranslations,
  createdAt: DateTime,
  updatedAt: DateTime,
}

export const CategorySchema = Type.Object(categoryFields)
export type Category = Static<typeof CategorySchema>

/**
 * A list item: in tree mode it carries `children`, each a category of this same shape (declared as
 * free objects because OpenAPI 3.0 documents recursion poorly).
 */
export const CategoryListItem = Type.Object({
  ...categoryFields,
  children: Type.Optional(
    Type.Array(FreeObject, { description: 'Child categories (same shape, recursively), tree mode only' }),
  ),
})

export const CategoryBody = Type.Object({ category: CategorySchema })

export const CategoryPage = Type.Object({
  categories: Type.Array(CategoryListItem),
  pagination: Pagination,
})

export const ListCategoriesQuery = Type.Object(
  {
    flat: Type.Optional(Type.Boolean({ default: false, description: 'true: a flat list; default a tree' })),
    search: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Case-insensitive literal part of the name' }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        description: 'Paginates only when given: flat rows, or root categories in tree mode',
      }),
    ),
    ids: Type.Optional(IdList),
    ...TenantQuery,
  },
  { additionalProperties: false },
)
export type ListCategoriesQuery = Static<typeof ListCategoriesQuery>

const writableFields = {
  name: Name,
  slug: Type.Optional(Slug),
  description: Type.Optional(Description),
  parentId: Type.Optional(Nullable(Id)),
  defaultSortField: Type.Optional(Type.Enum([...SORT_FIELDS])),
  defaultSortOrder: Type.Optional(Type.Enum([...SORT_ORDERS])),
  position: Type.Optional(
    Type.Integer({ minimum: 0, maximum: POSITION_MAX, description: 'Default: after the last sibling' }),
  ),
  settings: Type.Optional(FreeObject),
  metadata: Type.Optional(FreeObject),
  translations: Type.Optional(CategoryTranslations),
}

export const CreateCategoryBody = Type.Object(writableFields, {
  additionalProperties: false,
  example: { name: 'Travel', description: 'Trips and places', parentId: null, position: 0 },
})
export type CreateCategoryInput = Static<typeof CreateCategoryBody>

export const UpdateCategoryBody = Type.Object(
  { ...writableFields, name: Type.Optional(writableFields.name) },
  { additionalProperties: false },
)
export type UpdateCategoryInput = Static<typeof UpdateCategoryBody>

export const DeleteCategoryQuery = Type.Object(
  {
    cascade: Type.Optional(
      Type.Boolean({ default: true, description: 'true deletes descendants; false refuses (409) if any' }),
    ),
    ...TenantQuery,
  },
  { additionalProperties: false },
)

export const DeleteCategoryResult = Type.Object({
  success: Type.Boolean(),
  deleted: Type.Integer({ description: 'Categories removed, descendants included' }),
})

export const MergeCategoriesBody = Type.Object(
  { sourceId: Id, targetId: Id },
  { additionalProperties: false },
)
export type MergeCategoriesInput = Static<typeof MergeCategoriesBody>

export const MergeCategoriesResult = Type.Object({
  success: Type.Boolean(),
  updatedContents: Type.Integer({ description: 'Contents that now link the target instead of the source' }),
})

const publicCategoryFields = {
  id: Type.String(),
  name: Nullable(Type.String()),
  slug: Nullable(Type.String()),
  description: Nullable(Type.String()),
  parentId: Nullable(Type.String()),
  position: Type.Integer(),
  locale: Type.String({
    description:
      'The locale the name was answered in: the first of the asked locale’s chain that has one (with fallback=false, the asked locale)',
  }),
  alternates: Alternates,
}
/**
 * A category as a site reads it: each member from the first locale of the reader's chain that has
 * it; null only with `fallback=false`, for a member the asked locale has no value of (the default's
 * values are left out then).
 */
export const PublicCategorySchema = Type.Object(publicCategoryFields)
export type PublicCategory = Static<typeof PublicCategorySchema>
export const PublicCategoryBody = Type.Object({ category: PublicCategorySchema })
export const PublicCategoryPage = Type.Object({
  categories: Type.Array(
    Type.Object({
      ...publicCategoryFields,
      children: Type.Optional(
        Type.Array(FreeObject, { description: 'Child categories (same shape, recursively), tree mode only' }),
      ),
    }),
  ),
  pagination: Pagination,
})

export const PublicCategoriesQuery = Type.Object(
  {
    flat: ListCategoriesQuery.properties.flat,
    page: ListCategoriesQuery.properties.page,
    limit: ListCategoriesQuery.properties.limit,
    ...LocaleQuery,
  },
  { additionalProperties: false },
)
export type PublicCategoriesQuery = Static<typeof PublicCategoriesQuery>
export const PublicCategoryQuery = Type.Object(LocaleQuery, { additionalProperties: false })
export const PublicCategorySlugParams = Type.Object(
  {
    slug: Type.String({
      minLength: 1,
      maxLength: SLUG_MAX_LENGTH,
      pattern: SLUG_PATTERN,
      description: 'The category’s slug in any of the tenant’s locales',
      'x-expect': 'a slug: lowercase letters and digits joined by single dashes',
    }),
  },
  { additionalProperties: false },
)
