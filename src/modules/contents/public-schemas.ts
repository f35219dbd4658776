import { type Static, type TSchema, Type } from 'typebox'
import { DateTime, FreeObject, Id, LocaleQuery, Nullable, Pagination } from '../../http/schemas.js'
import { SLUG_MAX_LENGTH } from '../../lib/slug.js'
import { PUBLIC_SORTS } from './public-statements.js'
import { CONTENT_TYPE_PATTERN, ContentType, MAX_TREE_DEPTH, ParentFilter } from './schemas.js'

const Term = Type.Object({ name: Type.String(), slug: Type.String() })
const Variant = Type.Object({
  name: Type.String({ description: 'thumbnail, small, medium, large or webp' }),
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  mimeType: Type.String(),
})
const PublicMedia = Type.Object({
  url: Type.String(),
  altText: Nullable(Type.String()),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  variants: Type.Array(Variant, { description: 'Renditions of an uploaded image (empty until made)' }),
})
const PublicGallery = Type.Object({
  title: Type.String(),
  description: Type.String(),
  items: Type.Array(Type.Object({ title: Type.String(), caption: Type.String(), media: PublicMedia })),
})

/** Members every public content carries (public-statements.ts renders them in SQL). */
const PublicSummaryFields = {
  id: Type.String(),
  locale: Type.String({
    description:
      'The language of this content: the asked locale, a locale of its fallback chain, or (by slug) the locale the slug belongs to',
  }),
  alternates: Type.Array(Type.Object({ locale: Type.String(), slug: Type.String() }), {
    description: 'The other published translations of the same document, by locale (for hreflang links)',
  }),
  slug: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  type: Type.String(),
  parentId: Nullable(
    Type.String({
      description:
        'The parent’s id in a page tree: its translation in the best locale of the asked locale’s chain; null when none is published',
    }),
  ),
  order: Type.Integer(),
  publishedAt: DateTime,
  updatedAt: DateTime,
  authorName: Type.String(),
  categories: Type.Array(Term, { description: 'By name' }),
  tags: Type.Array(Term, { description: 'By name' }),
  featuredMedia: Nullable(PublicMedia),
  customFields: Type.Object({}, { additionalProperties: true, description: 'Public custom fields only' }),
}

/** A published content as the public routes serve it (docs/decisions/delivery.md "Public contents"). */
export const PublicContentSchema = Type.Object({
  ...PublicSummaryFields,
  html: Type.Optional(Type.String({ description: 'view=full (the default) only' })),
  lexical: Type.Optional(Nullable(FreeObject)),
  galleries: Type.Optional(Type.Array(PublicGallery, { description: 'include=galleries only, in order' })),
})

export const PublicContentBody = Type.Object({ content: PublicContentSchema })
export const PublicContentPage = Type.Object({
  contents: Type.Array(PublicContentSchema),
  pagination: Pagination,
})

const View = Type.Enum(['summary', 'full'], {
  default: 'full',
  description: 'summary leaves html and lexical out',
})
const Include = Type.Enum(['galleries'], { description: 'galleries: add the content’s galleries' })

export const PublicListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    type: Type.Optional(ContentType),
    parent: Type.Optional(ParentFilter),
    category: Type.Optional(Id),
    categoryName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    tag: Type.Optional(Id),
    tagName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    sort: Type.Optional(
      Type.Enum([...PUBLIC_SORTS], {
        default: 'publishedAt',
        description: 'publishedAt: newest first; title: A to Z; order: by order, then title',
      }),
    ),
    view: Type.Optional(View),
    include: Type.Optional(Include),
    ...LocaleQuery,
  },
  { additionalProperties: false },
)
export type PublicListFilter = Static<typeof PublicListQuery>

export const PublicSlugParams = Type.Object(
  { slug: Type.String({ minLength: 1, maxLength: SLUG_MAX_LENGTH }) },
  { additionalProperties: false },
)
export const PublicSlugQuery = Type.Object(
  { view: Type.Optional(View), include: Type.Optional(Include), ...LocaleQuery },
  { additionalProperties: false },
)
export type PublicSlugFilter = Static<typeof PublicSlugQuery>

export const PublicTreeQuery = Type.Object(
  {
    type: Type.Optional(
      Type.String({
        pattern: CONTENT_TYPE_PATTERN,
        default: 'page',
        description: 'The type whose tree to serve (default page)',
        'x-expect': 'lowercase letters, digits and hyphens (1..40)',
      }),
    ),
    ...LocaleQuery,
  },
  { additionalProperties: false },
)

const TreeFields = {
  id: Type.String(),
  locale: Type.String({ description: 'The language of this node’s translation' }),
  slug: Type.String(),
  title: Type.String(),
  order: Type.Integer(),
}
/** A node with `children` nested as deep as a page tree goes. */
function nested(levels: number): TSchema {
  let node: TSchema = Type.Object({ ...TreeFields, children: Type.Array(Type.Object({}), { maxItems: 0 }) })
  for (let level = 1; level < levels; level++)
    node = Type.Object({ ...TreeFields, children: Type.Array(node) })
  return node
}
export const PublicTreeBody = Type.Object({
  type: Type.String(),
  tree: Type.Array(nested(MAX_TREE_DEPTH), { description: 'Roots, each level by order then title' }),
})

/** A page-tree node as served. */
export interface TreeNode {
  id: string
  locale: string
  slug: string
  title: string
  order: number
  children: TreeNode[]
}
