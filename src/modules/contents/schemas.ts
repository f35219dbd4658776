import { type Static, type TSchema, Type } from 'typebox'
import {
  DateTime,
  FreeDocument,
  FreeObject,
  Id,
  Nullable,
  Pagination,
  TenantQuery,
} from '../../http/schemas.js'
import { ALL_ERRORS } from '../../http/validation.js'
import { ID_PATTERN } from '../../lib/ids.js'
import { LOCALE_EXPECT } from '../../lib/locale.js'
import { SLUG_MAX_LENGTH } from '../../lib/slug.js'
import { CUSTOM_FIELD_KEY_PATTERN } from '../custom-fields/index.js'
import { HTML_MAX_DEPTH, HTML_MAX_LENGTH } from './sanitize.js'

/** Content states (docs/decisions/content.md "Status and publication"). */
export const CONTENT_STATUSES = ['draft', 'published', 'scheduled', 'archived'] as const
export type ContentStatus = (typeof CONTENT_STATUSES)[number]

const Status = Type.Enum([...CONTENT_STATUSES])
const ID_BODY = ID_PATTERN.slice(1, -1)

/**
 * Content types (docs/decisions/content.md "Types and page trees"): `post` (the default), `page`, or
 * any key of this shape, accepted without declaring it.
 */
export const CONTENT_TYPE_PATTERN = '^[a-z0-9-]{1,40}$'
/** How deep a page tree goes: a root is at depth 1. */
export const MAX_TREE_DEPTH = 8
export const ContentType = Type.String({
  pattern: CONTENT_TYPE_PATTERN,
  description: '`post`, `page` or a key of the tenant’s own: lowercase letters, digits and hyphens, 1..40',
  'x-expect': 'lowercase letters, digits and hyphens (1..40)',
})
const Order = Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })
/** A `parent` filter: a content id, or `none` for contents without a parent. */
export const ParentFilter = Type.String({
  pattern: `^(none|${ID_BODY})$`,
  description: 'A content id (its children), or `none` (contents without a parent)',
  'x-expect': 'a 24-hex content id or none',
})
const STATUS_ALTERNATIVES = CONTENT_STATUSES.join('|')

/**
 * A locale as a client writes it (any case: `DE-at` is `de-AT`); the service canonicalizes it and,
 * where it names a content's language, checks it is one of the tenant's
 * (docs/decisions/localization.md "Tenant locales").
 */
const Locale = (description: string) =>
  Type.String({ minLength: 2, maxLength: 35, description, 'x-expect': LOCALE_EXPECT })

/** A published content's pending draft (docs/decisions/content.md "Drafts of published contents"). */
const PendingDraftSchema = Type.Object(
  {
    version: Type.Integer({ description: 'The version holding the draft (GET …/versions/{versionId})' }),
    updatedAt: DateTime,
    updatedBy: Nullable(Type.String({ description: 'The user who saved it last' })),
    updatedByName: Type.String({ description: 'That user’s name, or the API token that saved it' }),
    publishAt: Nullable(DateTime),
  },
  {
    description:
      'Changes saved to a published content’s draft (PUT /api/contents/{id}/draft) and not live yet; `publishAt`: when they go live on their own. null when there are none, and for API tokens without the preview scope.',
  },
)
export type PendingDraft = Static<typeof PendingDraftSchema>

/** Fields every content answer carries; `html` and `lexical` are added by the full view. */
const ContentSummaryFields = {
  id: Type.String(),
  locale: Type.String({ description: 'The language of this translation, one of the tenant’s locales' }),
  translationGroupId: Type.String({
    description:
      'Shared by the translations of one document (GET /api/contents/{id}/translations): the id of its first content',
  }),
  title: Type.String(),
  slug: Type.String(),
  summary: Type.String(),
  categories: Type.Array(Type.String(), { description: 'Category ids, ordered by id' }),
  tags: Type.Array(Type.String(), { description: 'Tag ids, ordered by id' }),
  galleryIds: Type.Array(Type.String(), {
    description: 'Galleries the content shows, in order (PUT /api/contents/{id}/galleries)',
  }),
  customFields: FreeObject,
  featuredMediaId: Nullable(Type.String()),
  status: Type.String(),
  publishAt: Nullable(DateTime),
  publishedAt: Nullable(DateTime),
  authorName: Type.String(),
  type: Type.String({ description: '`post`, `page` or a key of the tenant’s own' }),
  parentId: Nullable(Type.String({ description: 'The parent in a page tree' })),
  order: Type.Integer({ description: 'Position among siblings, ascending' }),
  version: Type.Integer({
    description:
      'The number of the newest version (1 after create), draft saves included: the `expectedVersion` of the next write',
  }),
  createdAt: DateTime,
  updatedAt: DateTime,
  pendingDraft: Nullable(PendingDraftSchema),
}

export const ContentSchema = Type.Object({
  ...ContentSummaryFields,
  lexical: Nullable(FreeObject),
  html: Type.String(),
})
export type Content = Static<typeof ContentSchema>

/** One translation of a document, as its list of translations and the list items name it. */
const TranslationSchema = Type.Object({
  id: Type.String(),
  locale: Type.String(),
  title: Type.String(),
  slug: Type.String(),
  status: Type.String(),
  updatedAt: DateTime,
})
export type Translation = Static<typeof TranslationSchema>

/**
 * A list item: `view=summary` leaves out `html` and `lexical`; `translations` names the document's
 * translations, so a list shows which exist without a read per row.
 */
const ContentListItem = Type.Object({
  ...ContentSummaryFields,
  translations: Type.Array(TranslationSchema, {
    description:
      'Every translation of the document the caller may read, this content included, by locale A→Z (as GET /api/contents/{id}/translations)',
  }),
  lexical: Type.Optional(Nullable(FreeObject)),
  html: Type.Optional(Type.String()),
})
export type ContentListEntry = Static<typeof ContentListItem>

export const ContentBody = Type.Object({ content: ContentSchema })

export const ContentPage = Type.Object({ contents: Type.Array(ContentListItem), pagination: Pagination })

/** Writable fields (API contract: POST /api/contents); `title` is required on create only. */
const WritableFields = {
  slug: Type.Optional(
    Type.String({ maxLength: SLUG_MAX_LENGTH, description: 'Normalized to lowercase ASCII words' }),
  ),
  summary: Type.Optional(Type.String()),
  lexical: Type.Optional(Nullable(FreeDocument)),
  html: Type.Optional(
    Type.String({
      maxLength: HTML_MAX_LENGTH,
      description: `Sanitized on write; elements nested deeper than ${HTML_MAX_DEPTH} levels are refused`,
    }),
  ),
  categories: Type.Optional(Type.Array(Id, { maxItems: 500, description: 'Category ids' })),
  tags: Type.Optional(Type.Array(Id, { maxItems: 500, description: 'Tag ids' })),
  customFields: Type.Optional(FreeObject),
  featuredMediaId: Type.Optional(Nullable(Id)),
  status: Type.Optional(Status),
  publishAt: Type.Optional(Nullable(DateTime)),
  authorName: Type.Optional(Type.String({ maxLength: 500 })),
  type: Type.Optional(ContentType),
  parentId: Type.Optional(
    Nullable(
      Type.String({
        pattern: ID_PATTERN,
        description: `A content of the tenant, neither this one nor one of its descendants; the tree at most ${MAX_TREE_DEPTH} deep`,
        'x-expect': '24 lowercase hex characters',
      }),
    ),
  ),
  order: Type.Optional(Order),
}
const Title = Type.String({ minLength: 1, maxLength: 500 })

// Every failing member at once: an editor's form shows them all (http/validation.ts).
export const CreateContentBody = Type.Object(
  {
    title: Title,
    locale: Type.Optional(
      Locale(
        'The language of the content, one of the tenant’s locales (default: the tenant’s default locale); it does not change afterwards',
      ),
    ),
    ...WritableFields,
  },
  { additionalProperties: false, [ALL_ERRORS]: true },
)
export type CreateContentInput = Static<typeof CreateContentBody>

export const UpdateContentBody = Type.Object(
  {
    title: Type.Optional(Title),
    ...WritableFields,
    expectedVersion: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'The version this edit was based on (the `version` the editor loaded). When the content has moved on (someone else saved meanwhile) the update is refused with 409 VersionConflict, naming the current version, and nothing changes. Left out: no check.',
      }),
    ),
  },
  { additionalProperties: false, [ALL_ERRORS]: true },
)
export type UpdateContentInput = Static<typeof UpdateContentBody>

const { status: _status, publishAt: _publishAt, ...DraftFields } = WritableFields
const ExpectedVersion = (what: string) =>
  Type.Integer({
    minimum: 1,
    description: `The version this ${what} was based on (the \`version\` the editor loaded). When the content has moved on (someone else saved meanwhile) it is refused with 409 VersionConflict, naming the current version and who saved it, and nothing changes. Left out: no check.`,
  })

/**
 * A save of a published content's draft: the update's fields but the publication ones (the draft
 * goes live with POST …/draft/publish).
 */
export const SaveDraftBody = Type.Object(
  { title: Type.Optional(Title), ...DraftFields, expectedVersion: Type.Optional(ExpectedVersion('save')) },
  { additionalProperties: false, [ALL_ERRORS]: true },
)
export type SaveDraftInput = Static<typeof SaveDraftBody>

export const PublishDraftBody = Type.Object(
  {
    publishAt: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'A future time: the draft goes live then (the live version serves until then). Left out: now.',
      }),
    ),
    expectedVersion: Type.Optional(ExpectedVersion('publication')),
  },
  { additionalProperties: false },
)
export type PublishDraftInput = Static<typeof PublishDraftBody>

export const DiscardDraftQuery = Type.Object(
  { expectedVersion: Type.Optional(ExpectedVersion('discard')), ...TenantQuery },
  { additionalProperties: false },
)

export const GetContentQuery = Type.Object(
  {
    draft: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'true: the content as its pending draft would make it (the live content when there is none). Needs the `content:preview` permission (an API token: the preview scope) or, for a user, `content:update`.',
      }),
    ),
    ...TenantQuery,
  },
  { additionalProperties: false },
)

/** A calendar date (a whole UTC day) or an RFC 3339 timestamp. */
const DateOrDateTime = Type.Union([Type.String({ format: 'date' }), DateTime])

const PublishedRange = {
  publishedFrom: Type.Optional(DateOrDateTime),
  publishedTo: Type.Optional(DateOrDateTime),
}

const CommaIds = Type.String({
  pattern: `^${ID_BODY}(,${ID_BODY})*$`,
  maxLength: 2499,
  description: 'Comma-separated ids (at most 100)',
  'x-expect': 'one or more comma-separated 24-hex ids',
})
const NameSearch = Type.String({ minLength: 1, maxLength: 200 })
const CustomFieldFilterValue = Type.String({ maxLength: 500 })

export const ListContentsQuery = Type.Object(
  {
    status: Type.Optional(Status),
    search: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    category: Type.Optional(Id),
    categories: Type.Optional(CommaIds),
    categoryName: Type.Optional(NameSearch),
    tag: Type.Optional(CommaIds),
    tagName: Type.Optional(NameSearch),
    type: Type.Optional(ContentType),
    parent: Type.Optional(ParentFilter),
    locale: Type.Optional(Locale('Contents in this locale only')),
    missingLocale: Type.Optional(
      Locale('Contents whose document has no translation in this locale (what is left to translate)'),
    ),
    ...PublishedRange,
    // A page cap keeps OFFSET inside bigint whatever the client sends.
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    view: Type.Optional(Type.Enum(['summary', 'full'], { default: 'full' })),
    ...TenantQuery,
  },
  {
    additionalProperties: false,
    // `customFields.<key>=<value>`: equality on a filterable custom field (keys checked by the
    // service against the definitions). Validation only: OpenAPI 3.0 cannot list such parameters.
    patternProperties: { [`^customFields\\.${CUSTOM_FIELD_KEY_PATTERN.slice(1)}`]: CustomFieldFilterValue },
  },
)
export type ListContentsFilter = Static<typeof ListContentsQuery> & Record<`customFields.${string}`, string>

export const SlugParams = Type.Object(
  { slug: Type.String({ minLength: 1, maxLength: SLUG_MAX_LENGTH }) },
  { additionalProperties: false },
)

export const BySlugQuery = Type.Object(
  {
    status: Type.Optional(
      Type.String({
        pattern: `^(${STATUS_ALTERNATIVES})(,(${STATUS_ALTERNATIVES}))*$`,
        description: 'One status or a comma-separated list',
        'x-expect': `one status or a comma-separated list of ${CONTENT_STATUSES.join(', ')}`,
      }),
    ),
    locale: Type.Optional(
      Locale(
        'The locale whose slug this is (slugs are unique per locale). Left out: the tenant’s default locale first, then the others A→Z.',
      ),
    ),
    ...PublishedRange,
    ...TenantQuery,
  },
  { additionalProperties: false },
)
export type BySlugFilter = Static<typeof BySlugQuery>

export const CheckSlugQuery = Type.Object(
  {
    slug: Type.String({ minLength: 1, maxLength: SLUG_MAX_LENGTH }),
    contentId: Type.Optional(Id),
    locale: Type.Optional(
      Locale(
        'The locale the slug is for (slugs are unique per locale). Left out: contentId’s locale, else the tenant’s default.',
      ),
    ),
    ...TenantQuery,
  },
  { additionalProperties: false },
)

export const CheckSlugResult = Type.Object({
  available: Type.Boolean(),
  slug: Type.String({ description: 'The normalized slug that was checked' }),
  suggestion: Type.Optional(Type.String()),
  existingContent: Type.Optional(
    Type.Object({ id: Type.String(), title: Type.String(), slug: Type.String() }),
  ),
})
export type SlugCheck = Static<typeof CheckSlugResult>

/** `GET /api/contents/types`: the types the tenant's contents have. */
export const ContentTypesBody = Type.Object({
  types: Type.Array(Type.String(), {
    description: 'Every type some content of the tenant has (that the caller may read), A→Z',
  }),
})

export const ContentTreeQuery = Type.Object(
  {
    type: Type.Optional(
      Type.String({
        pattern: CONTENT_TYPE_PATTERN,
        default: 'page',
        description: 'The type whose tree to answer (default page)',
        'x-expect': 'lowercase letters, digits and hyphens (1..40)',
      }),
    ),
    locale: Type.Optional(Locale('The contents of this locale only (left out: every locale)')),
    ...TenantQuery,
  },
  { additionalProperties: false },
)

const TreeNodeFields = {
  id: Type.String(),
  slug: Type.String(),
  title: Type.String(),
  status: Type.String(),
  order: Type.Integer(),
  parentId: Nullable(
    Type.String({ description: 'The stored parent: on a root, a content of another type (or none)' }),
  ),
}
/** A node with `children` nested as deep as a page tree goes. */
function nestedNode(levels: number): TSchema {
  let node: TSchema = Type.Object({
    ...TreeNodeFields,
    children: Type.Array(Type.Object({}), { maxItems: 0 }),
  })
  for (let level = 1; level < levels; level++)
    node = Type.Object({ ...TreeNodeFields, children: Type.Array(node) })
  return node
}
export const ContentTreeBody = Type.Object({
  type: Type.String(),
  tree: Type.Array(nestedNode(MAX_TREE_DEPTH), {
    description: 'Roots (contents whose parent is not of the type, or none), each level by order then title',
  }),
})

/** A node of the admin tree (`GET /api/contents/tree`). */
export interface ContentTreeNode {
  id: string
  slug: string
  title: string
  status: string
  order: number
  parentId: string | null
  children: ContentTreeNode[]
}

export const ArchiveQuery = Type.Object(
  { status: Type.Optional(Type.Enum([...CONTENT_STATUSES], { default: 'published' })), ...TenantQuery },
  { additionalProperties: false },
)

export const ArchiveStatistics = Type.Object({
  total: Type.Integer(),
  archives: Type.Array(
    Type.Object({
      year: Type.Integer(),
      month: Type.String({ pattern: '^(0[1-9]|1[0-2])$' }),
      count: Type.Integer(),
    }),
  ),
})
export type ArchiveStats = Static<typeof ArchiveStatistics>

/** `POST /api/contents/{id}/translations` (docs/decisions/localization.md "Contents are translated as documents"). */
export const CreateTranslationBody = Type.Object(
  { locale: Locale('The locale to translate into: one of the tenant’s, and none of the document’s yet') },
  { additionalProperties: false },
)
export type CreateTranslationInput = Static<typeof CreateTranslationBody>

/** `GET /api/contents/{id}/translations`: the document's translations, the content itself included. */
export const TranslationsBody = Type.Object({
  translations: Type.Array(TranslationSchema, {
    description:
      'Every translation of the document the caller may read, the content itself included, by locale A→Z',
  }),
})
