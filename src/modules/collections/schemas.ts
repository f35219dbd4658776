import { type Static, type TSchema, Type } from 'typebox'
import { DateTime, FreeObject, Id, Nullable, PageQuery, Pagination, TenantQuery } from '../../http/schemas.js'
import { MAX_LOCALES } from '../../lib/locale.js'
import { SLUG_MAX_LENGTH } from '../../lib/slug.js'
import { FIELD_KEY_PATTERN, FIELD_TYPES, MAX_FIELDS } from './fields.js'

export const COLLECTION_KEY_PATTERN = '^[a-z][a-z0-9_-]{0,63}$'
export const CollectionKey = Type.String({
  pattern: COLLECTION_KEY_PATTERN,
  description: 'Lowercase letter, then up to 63 lowercase letters, digits, `-` or `_`',
  'x-expect': 'a lowercase key such as "books" or "team-members"',
})

/** An object of any keys whose values match `schema` (OpenAPI 3.0 has no patternProperties). */
function MapOf<T extends TSchema>(schema: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<Record<string, Static<T>>>({ type: 'object', additionalProperties: schema, ...options })
}

/** `{ "en": "Books", "de": "Bücher" }`: locale tags (`en`, `pt-BR`) to text. */
const LocaleMap = (maxLength: number) =>
  MapOf(Type.String({ minLength: 1, maxLength }), {
    maxProperties: 50,
    description: 'Text per locale tag, e.g. { "en": "Books", "de": "Bücher" }',
  })

const FieldOption = Type.Object(
  { value: Type.String({ minLength: 1, maxLength: 200 }), label: LocaleMap(200) },
  { additionalProperties: false },
)

export const FieldSchema = Type.Object(
  {
    key: Type.String({
      pattern: FIELD_KEY_PATTERN,
      description:
        'Identifier (letter, then letters, digits or `_`; ≤ 64). Reserved: id, slug, status, createdAt, updatedAt, publishedAt, collectionKey',
    }),
    type: Type.Union(
      FIELD_TYPES.map((type) => Type.Literal(type)),
      { description: `One of ${FIELD_TYPES.join(', ')}` },
    ),
    label: LocaleMap(200),
    description: Type.Optional(LocaleMap(1000)),
    required: Type.Optional(Type.Boolean({ description: 'Enforced by the database on every write' })),
    unique: Type.Optional(
      Type.Boolean({
        description:
          'string, number, date, datetime and single enum only; strings compare NFKC case-folded. Fixed at creation.',
      }),
    ),
    multiple: Type.Optional(
      Type.Boolean({ description: 'enum, ref and media: an array of up to 100 values' }),
    ),
    localized: Type.Optional(
      Type.Boolean({
        description:
          "string, text and richText, not unique: a value per tenant locale (the entry's data holds the default locale's, translations the others'). May be turned on for an existing field, not off.",
      }),
    ),
    options: Type.Optional(Type.Array(FieldOption, { minItems: 1, maxItems: 200, description: 'enum only' })),
    ref: Type.Optional(
      Type.String({ pattern: COLLECTION_KEY_PATTERN, description: 'ref only: the target collection key' }),
    ),
  },
  { additionalProperties: false },
)

const DefaultSort = Type.Object(
  {
    field: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'A builtin (createdAt, updatedAt, publishedAt, slug) or a sortable field',
    }),
    dir: Type.Union([Type.Literal('asc'), Type.Literal('desc')]),
  },
  { additionalProperties: false },
)

export const CollectionSchema = Type.Object({
  id: Type.String(),
  key: Type.String(),
  name: MapOf(Type.String()),
  description: MapOf(Type.String()),
  fields: Type.Array(Type.Object({}, { additionalProperties: true })),
  slugField: Nullable(Type.String()),
  defaultSort: Type.Object({ field: Type.String(), dir: Type.String() }),
  status: Type.String(),
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type Collection = Static<typeof CollectionSchema>
export const CollectionBody = Type.Object({ collection: CollectionSchema })
export const CollectionPage = Type.Object({
  collections: Type.Array(CollectionSchema),
  pagination: Pagination,
})

const EXAMPLE_COLLECTION = {
  key: 'books',
  name: { en: 'Books', de: 'Bücher' },
  fields: [
    { key: 'title', type: 'string', label: { en: 'Title' }, required: true },
    { key: 'isbn', type: 'string', label: { en: 'ISBN' }, unique: true },
    { key: 'price', type: 'number', label: { en: 'Price' } },
    {
      key: 'genre',
      type: 'enum',
      label: { en: 'Genre' },
      options: [
        { value: 'fiction', label: { en: 'Fiction' } },
        { value: 'poetry', label: { en: 'Poetry' } },
      ],
    },
    { key: 'author', type: 'ref', ref: 'authors', label: { en: 'Author' } },
    { key: 'cover', type: 'media', label: { en: 'Cover' } },
  ],
  slugField: 'title',
  defaultSort: { field: 'title', dir: 'asc' },
}

const collectionMembers = {
  name: LocaleMap(200),
  description: Type.Optional(LocaleMap(2000)),
  fields: Type.Array(FieldSchema, { maxItems: MAX_FIELDS, description: `At most ${MAX_FIELDS} fields` }),
  slugField: Type.Optional(
    Nullable(
      Type.String({
        pattern: FIELD_KEY_PATTERN,
        description: 'A string field whose value makes the slug',
        'x-expect': 'the key of a string field (a letter, then letters, digits or _)',
      }),
    ),
  ),
  defaultSort: Type.Optional(DefaultSort),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('archived')])),
}

export const CreateCollectionBody = Type.Object(
  { key: CollectionKey, ...collectionMembers },
  { additionalProperties: false, example: EXAMPLE_COLLECTION },
)
export type CreateCollectionInput = Static<typeof CreateCollectionBody>

export const UpdateCollectionBody = Type.Object(Type.Partial(Type.Object(collectionMembers)).properties, {
  additionalProperties: false,
  minProperties: 1,
  description:
    'Members given replace the stored ones (fields: the whole list). A kept field keeps its type, multiple and unique; removed fields leave the entries (their values are no longer served).',
  example: { status: 'archived' },
})
export type UpdateCollectionInput = Static<typeof UpdateCollectionBody>

export const KeyParams = Type.Object({ key: CollectionKey }, { additionalProperties: false })
export const EntryParams = Type.Object({ key: CollectionKey, id: Id }, { additionalProperties: false })

export const ListCollectionsQuery = Type.Object(
  {
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('archived')])),
    ...PageQuery(100, 20),
    ...TenantQuery,
  },
  { additionalProperties: false },
)
export type ListCollectionsQuery = Static<typeof ListCollectionsQuery>

export const ENTRY_STATUSES = ['draft', 'published', 'archived'] as const
const EntryStatus = Type.Union([Type.Literal('draft'), Type.Literal('published'), Type.Literal('archived')], {
  description: 'draft, published or archived (only published entries are public)',
})

const entryMembers = {
  id: Type.String(),
  collectionKey: Type.String(),
  slug: Type.String(),
  status: Type.String(),
  data: Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true }),
  dataLabels: Type.Unsafe<Record<string, unknown>>({
    type: 'object',
    additionalProperties: true,
    description: 'For enum fields: the label map of the chosen option (an array of maps when multiple)',
  }),
  publishedAt: Nullable(DateTime),
  createdAt: DateTime,
  updatedAt: DateTime,
}

/** `{ "de": { "title": "Der Wüstenplanet" } }`: the other locales' values of localized fields. */
export type Translations = Record<string, Record<string, unknown>>

/** An entry as admin reads show it: its own (default locale's) data and the translations. */
export const EntrySchema = Type.Object({
  ...entryMembers,
  translations: Type.Unsafe<Translations>({
    type: 'object',
    additionalProperties: { type: 'object', additionalProperties: true },
    description:
      "Values of localized fields per locale other than the default (whose values are data's), as stored: also those of a locale the tenant no longer has, which public reads do not serve",
  }),
})
export type Entry = Static<typeof EntrySchema>
export const EntryBody = Type.Object({ entry: EntrySchema })
export const EntryPage = Type.Object({ entries: Type.Array(EntrySchema), pagination: Pagination })

/** An entry as public reads show it: each localized field in the reader's locale. */
export const PublicEntrySchema = Type.Object(entryMembers, {
  description:
    "data holds each localized field from the first locale of the reader's chain that has a value (none: left out), and the shared fields",
})
export type PublicEntry = Static<typeof PublicEntrySchema>
/** The locale of a public answer (also in Content-Language). */
export const AnswerLocale = Type.String({
  description: 'The locale the answer is for: the locale parameter, or Accept-Language negotiated',
})
export const PublicEntryBody = Type.Object({ entry: PublicEntrySchema, locale: AnswerLocale })
export const PublicEntryPage = Type.Object({
  entries: Type.Array(PublicEntrySchema),
  pagination: Pagination,
  locale: AnswerLocale,
})

const EntryData = Type.Unsafe<Record<string, unknown>>({
  ...FreeObject,
  description:
    "Values by field key (localized fields: the default locale's), validated and normalized by field type: string ≤ 500, text ≤ 50,000, number, boolean, date (YYYY-MM-DD), datetime (ISO 8601 with zone, stored in UTC), enum (an option value), ref (an entry id of the target collection), media (a media id of this tenant), geojson ({ type, coordinates }), richText (HTML or { html, json }; the HTML is sanitized). multiple fields take arrays; null clears; unknown keys are refused.",
})

const EntryTranslationsInput = Type.Unsafe<Record<string, Record<string, unknown> | null>>({
  type: 'object',
  maxProperties: MAX_LOCALES,
  additionalProperties: { ...FreeObject, nullable: true },
  description:
    'Values of localized fields for the tenant\'s other locales: { "de": { "title": "…" } }. Each locale must be one of the tenant\'s and not the default (whose values are data\'s); each field a localized one, validated by its type. On update, given locales are merged over the stored ones: a field null clears it, a locale null removes it (also one the tenant no longer has).',
})

export const CreateEntryBody = Type.Object(
  {
    slug: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: SLUG_MAX_LENGTH,
        description: 'Normalized; default from the slug field, else the id',
      }),
    ),
    status: Type.Optional(EntryStatus),
    data: EntryData,
    translations: Type.Optional(EntryTranslationsInput),
  },
  {
    additionalProperties: false,
    example: {
      status: 'published',
      data: { title: 'Dune', isbn: '978-0441013593', price: 9.99, genre: 'fiction' },
      translations: { de: { title: 'Der Wüstenplanet' } },
    },
  },
)
export type CreateEntryInput = Static<typeof CreateEntryBody>

export const UpdateEntryBody = Type.Object(
  {
    slug: Type.Optional(Type.String({ minLength: 1, maxLength: SLUG_MAX_LENGTH })),
    status: Type.Optional(EntryStatus),
    data: Type.Optional(EntryData),
    translations: Type.Optional(EntryTranslationsInput),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description:
      'data is merged over the stored data: given keys replace, null clears, others stay; translations likewise per locale.',
    example: { data: { price: 7.5 } },
  },
)
export type UpdateEntryInput = Static<typeof UpdateEntryBody>
