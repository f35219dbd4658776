import { type Static, Type } from 'typebox'
import { LocaleQuery, PageQuery } from '../../http/schemas.js'
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../../lib/slug.js'
import {
  IN_LIST_MAX,
  LIKE_MAX_LENGTH,
  LIMIT_MAX,
  OFFSET_MAX,
  OPERATORS,
  ORDER_BY_MAX,
  SELECT_MAX,
  WHERE_MAX,
} from './query/compile.js'
import { FILTER_MAX_LENGTH } from './query/list-params.js'
import { AnswerLocale, CollectionKey } from './schemas.js'

/** Query members of the entry list routes (admin and public). */
export const EntryListMembers = {
  ...PageQuery(LIMIT_MAX, 20),
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Literal, case-insensitive text looked for in the slug and the string fields',
    }),
  ),
  sort: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'Up to 3 comma-separated keys: `field`, `-field` (descending) or `field:asc|desc`; builtins id, slug, createdAt, updatedAt, publishedAt or a declared single-valued string, number, boolean, date, datetime, enum, ref or media field. Default: the collection’s default sort. Example: `-price,title`',
    }),
  ),
  filter: Type.Optional(
    Type.String({
      minLength: 2,
      maxLength: FILTER_MAX_LENGTH,
      description: `A JSON object: field → value (equals), array (any of, ≤ ${IN_LIST_MAX}) or { eq, ne, in, nin, gt, gte, lt, lte, like } (like: literal substring ≤ ${LIKE_MAX_LENGTH} characters, string fields and slug). Fields: id, slug, createdAt, updatedAt, publishedAt and the declared searchable fields; ≤ ${WHERE_MAX} conditions. Example: {"genre":"fiction","price":{"gte":5,"lt":20}}`,
    }),
  ),
}

export const PublicListQuery = Type.Object(
  { ...EntryListMembers, ...LocaleQuery },
  { additionalProperties: false },
)
export type PublicListQuery = Static<typeof PublicListQuery>

/** The query of a public entry read and of the query DSL: the reader's locale. */
export const PublicEntryQuery = Type.Object(LocaleQuery, { additionalProperties: false })

export const PublicKeyParams = Type.Object({ key: CollectionKey }, { additionalProperties: false })
export const PublicSlugParams = Type.Object(
  {
    key: CollectionKey,
    slug: Type.String({
      minLength: 1,
      maxLength: SLUG_MAX_LENGTH,
      pattern: SLUG_PATTERN,
      description: 'Entry slugs are always lowercase letters and digits joined by single dashes',
      'x-expect': 'a slug: lowercase letters and digits joined by single dashes',
    }),
  },
  { additionalProperties: false },
)

const Condition = Type.Array(Type.Unknown(), {
  minItems: 3,
  maxItems: 3,
  description: `[field, operator, value]. operator: ${OPERATORS.join(' ')}. IN/NIN take an array of 1..${IN_LIST_MAX}; LIKE a literal, case-insensitive substring of 1..${LIKE_MAX_LENGTH} characters (string fields and slug); > >= < <= apply to numbers, dates, date-times and strings. Values are typed by the field: numbers as JSON numbers, booleans as true/false, dates YYYY-MM-DD, date-times ISO 8601 with a zone, refs and media as ids. != and NIN also match entries without a value.`,
})

const OrderPair = Type.Array(Type.String(), {
  minItems: 1,
  maxItems: 2,
  description: '[field, "asc" | "desc"] (asc by default); single-valued searchable fields and builtins',
})

export const QueryRunBody = Type.Object(
  {
    collection: CollectionKey,
    select: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 130 }), {
        minItems: 1,
        maxItems: SELECT_MAX,
        description:
          'Paths of the rows: builtins (id, slug, createdAt, updatedAt, publishedAt), a field key, `<refField>.<member>` (a builtin or field of the referenced published entry) or `<mediaField>.<id|url|title|description|altText|caption|mimeType|thumbnailUrl>`. Rows are objects keyed by these paths; without select, items are whole entries.',
      }),
    ),
    where: Type.Optional(
      Type.Array(Condition, {
        maxItems: WHERE_MAX,
        description: `Up to ${WHERE_MAX} conditions, all of which must hold. Fields: id, slug, createdAt, updatedAt, publishedAt or a declared field key (bare, without a data. prefix). Only published entries are ever searched.`,
      }),
    ),
    orderBy: Type.Optional(
      Type.Array(OrderPair, {
        maxItems: ORDER_BY_MAX,
        description: `Up to ${ORDER_BY_MAX} orders; the id breaks ties`,
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMIT_MAX, default: 50 })),
    offset: Type.Optional(
      Type.Integer({ minimum: 0, maximum: OFFSET_MAX, description: 'Rows to skip; not with page' }),
    ),
    page: Type.Optional(
      Type.Integer({ minimum: 1, description: 'offset = (page − 1) × limit; not with offset' }),
    ),
    includeRelations: Type.Optional(
      Type.Array(Type.Union([Type.Literal('refs'), Type.Literal('media')]), {
        maxItems: 2,
        uniqueItems: true,
        description:
          'refs: ref values become the referenced entries (published, in an active collection; else null or left out of arrays); media: media values become the tenant’s active media ({ id, url, title, description, altText, caption, mimeType, thumbnailUrl }). Selecting a sub-path resolves that field anyway.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'A query over one collection’s published entries. Every rejected query answers 400 with details[0].path naming the offending part (e.g. /where/2/1).',
    example: {
      collection: 'books',
      select: ['slug', 'title', 'price', 'author.name', 'cover.url'],
      where: [
        ['genre', 'IN', ['fiction', 'poetry']],
        ['price', '<', 20],
        ['title', 'LIKE', 'dune'],
      ],
      orderBy: [['price', 'asc']],
      limit: 20,
      page: 1,
      includeRelations: ['refs', 'media'],
    },
  },
)
export type QueryRunBody = Static<typeof QueryRunBody>

export const QueryRunResult = Type.Object({
  items: Type.Array(Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true }), {
    description: 'Whole entries (as public reads show them), or rows keyed by the selected paths',
  }),
  pagination: Type.Object({
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
    page: Type.Integer(),
    pages: Type.Integer(),
  }),
  locale: AnswerLocale,
})
