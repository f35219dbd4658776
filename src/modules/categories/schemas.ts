import { type Static, Type } from 'typebox'
import { DateTime, FreeObject, Id, IdList, Nullable, Pagination, TenantQuery } from '../../http/schemas.js'
import { SLUG_MAX_LENGTH } from '../../lib/slug.js'

export const SORT_FIELDS = ['publishedAt', 'createdAt', 'updatedAt', 'title'] as const
export const SORT_ORDERS = ['asc', 'desc'] as const

/** Positions stay far below int4 so "next position" and merge offsets cannot overflow. */
const POSITION_MAX = 1_000_000

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
export type CategoryNode = Category & { children: CategoryNode[] }

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
  name: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: '\\S',
    'x-expect': 'text with a visible character',
  }),
  slug: Type.Optional(
    Type.String({ minLength: 1, maxLength: SLUG_MAX_LENGTH, description: 'Normalized to a URL slug' }),
  ),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  parentId: Type.Optional(Nullable(Id)),
  defaultSortField: Type.Optional(Type.Enum([...SORT_FIELDS])),
  defaultSortOrder: Type.Optional(Type.Enum([...SORT_ORDERS])),
  position: Type.Optional(
    Type.Integer({ minimum: 0, maximum: POSITION_MAX, description: 'Default: after the last sibling' }),
  ),
  settings: Type.Optional(FreeObject),
  metadata: Type.Optional(FreeObject),
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
