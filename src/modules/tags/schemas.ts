import { type Static, Type } from 'typebox'
import { DateTime, IdList, PageQuery, Pagination, TenantQuery } from '../../http/schemas.js'
import { SLUG_MAX_LENGTH } from '../../lib/slug.js'

export const TagSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  slug: Type.String(),
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

const Title = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '\\S',
  'x-expect': 'text with a visible character',
})

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
  },
  { additionalProperties: false, minProperties: 1, example: { title: 'Street food' } },
)
export type UpdateTagInput = Static<typeof UpdateTagBody>
