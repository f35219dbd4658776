import { type Static, Type } from 'typebox'
import { VARIANTS_STATUSES } from '../../db/schema/index.js'
import { DateTime, Id, Nullable, PageQuery, Pagination, TenantQuery } from '../../http/schemas.js'

export const MEDIA_STATUSES = ['active', 'archived', 'deleted'] as const

export const MediaSchema = Type.Object({
  id: Type.String(),
  sourceType: Type.String({ description: 'external (a URL Folio links to) or upload' }),
  status: Type.String(),
  url: Type.String(),
  title: Nullable(Type.String()),
  description: Nullable(Type.String()),
  provider: Nullable(Type.String()),
  providerId: Nullable(Type.String()),
  thumbnailUrl: Nullable(Type.String()),
  altText: Nullable(Type.String()),
  caption: Nullable(Type.String()),
  duration: Nullable(Type.Number({ description: 'Seconds' })),
  mimeType: Nullable(Type.String()),
  originalName: Nullable(Type.String()),
  size: Nullable(Type.Integer({ description: 'Bytes' })),
  key: Nullable(Type.String({ description: 'Storage key of an upload (server-generated)' })),
  width: Nullable(Type.Integer({ description: 'Pixels (images)' })),
  height: Nullable(Type.Integer({ description: 'Pixels (images)' })),
  variants: Type.Array(
    Type.Object({
      name: Type.String({ description: 'thumbnail, small, medium, large or webp' }),
      key: Type.String(),
      url: Type.String(),
      width: Type.Integer(),
      height: Type.Integer(),
      size: Type.Integer({ description: 'Bytes' }),
      mimeType: Type.String(),
    }),
    {
      description:
        'Renditions of an uploaded image, listed once made (variantsStatus ready): thumbnail (150×150 cropped), small, medium, large (within 480, 1024, 1920 px) and webp (within 3840 px)',
    },
  ),
  variantsStatus: Type.Enum([...VARIANTS_STATUSES], {
    description:
      'none (no variants: not an image Folio renders, or external media), pending (being made in the background after registration; url serves the original meanwhile), ready (in variants; thumbnailUrl is the thumbnail) or failed (the image could not be rendered)',
  }),
  tags: Type.Array(Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type Media = Static<typeof MediaSchema>

export const MediaBody = Type.Object({ media: MediaSchema })

/** One record that shows a media item (`GET /api/media/{id}/usage`). */
export const MediaUsageSchema = Type.Object({
  kind: Type.Union([Type.Literal('content'), Type.Literal('gallery'), Type.Literal('collection-entry')]),
  id: Type.String(),
  title: Type.String({ description: "The record's title (a gallery's title, an entry's slug)" }),
  role: Type.Union(
    [Type.Literal('featured'), Type.Literal('inline'), Type.Literal('item'), Type.Literal('field')],
    {
      description:
        "featured: a content's featured media; inline: its URL appears in a content's html; item: a gallery item; field: a media field of a collection entry",
    },
  ),
  status: Type.Union([Type.String(), Type.Null()], { description: "The record's status where it has one" }),
  collectionKey: Type.Optional(Type.String()),
})
export type MediaUsage = Static<typeof MediaUsageSchema>
export const MediaUsageBody = Type.Object({ usage: Type.Array(MediaUsageSchema) })

export const MediaPage = Type.Object({ media: Type.Array(MediaSchema), pagination: Pagination })

const HttpUrl = Type.String({
  minLength: 1,
  maxLength: 2048,
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://\\S+$',
  description: 'Absolute http: or https: URL',
  'x-expect': 'an absolute http: or https: URL',
})

const Tag = Type.String({ maxLength: 100 })
export const Tags = Type.Array(Tag, { maxItems: 50 })

/** External media tags (API contract: POST /api/media/external): an array of strings or one string. */
export const TagList = Type.Union([Tags, Tag], {
  description: 'Tags; one string is taken as a one-element list. Stored trimmed, lowercased, distinct.',
  'x-expect': 'a list of at most 50 tags of at most 100 characters, or one such tag',
})

/** External media fields (API contract: POST /api/media/external). */
export const CreateExternalMediaBody = Type.Object(
  {
    url: HttpUrl,
    title: Type.Optional(Type.String({ maxLength: 500 })),
    description: Type.Optional(Type.String({ maxLength: 5000 })),
    provider: Type.Optional(Type.String({ maxLength: 100, description: 'e.g. youtube, vimeo' })),
    providerId: Type.Optional(Type.String({ maxLength: 500 })),
    thumbnailUrl: Type.Optional(HttpUrl),
    altText: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    duration: Type.Optional(Nullable(Type.Number({ minimum: 0, description: 'Seconds' }))),
    tags: Type.Optional(TagList),
  },
  {
    additionalProperties: false,
    example: {
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      title: 'Launch video',
      provider: 'youtube',
      providerId: 'dQw4w9WgXcQ',
      duration: 212,
      tags: ['launch', 'video'],
    },
  },
)
export type CreateExternalMediaInput = Static<typeof CreateExternalMediaBody>

export const ListMediaQuery = Type.Object(
  {
    search: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Case-insensitive literal part of title, description, altText or originalName',
      }),
    ),
    mimeType: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        description: 'Literal prefix, e.g. image/ or video/youtube',
      }),
    ),
    tags: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        maxItems: 50,
        description: 'Media carrying all of these tags; repeat the parameter for several',
      }),
    ),
    status: Type.Optional(Type.Enum([...MEDIA_STATUSES], { default: 'active' })),
    ...PageQuery(100, 20),
    ...TenantQuery,
  },
  { additionalProperties: false },
)
export type ListMediaQuery = Static<typeof ListMediaQuery>

/** API contract: `PATCH /api/media/{id}`; `title` too (external media carry one). */
export const UpdateMediaBody = Type.Object(
  {
    originalName: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    title: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
    altText: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    caption: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
    description: Type.Optional(Nullable(Type.String({ maxLength: 5000 }))),
    tags: Type.Optional(TagList),
  },
  { additionalProperties: false, minProperties: 1, example: { altText: 'A red bicycle', tags: ['bikes'] } },
)
export type UpdateMediaInput = Static<typeof UpdateMediaBody>

const BulkIds = Type.Array(Id, { minItems: 1, maxItems: 100, description: 'Media ids (at most 100)' })

export const BulkTagsBody = Type.Object(
  {
    ids: BulkIds,
    tags: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 50 }),
    mode: Type.Optional(
      Type.Enum(['add', 'replace'], {
        default: 'add',
        description: "add to the media's tags (default) or replace them",
      }),
    ),
  },
  { additionalProperties: false },
)
export type BulkTagsInput = Static<typeof BulkTagsBody>

export const BulkDeleteBody = Type.Object({ ids: BulkIds }, { additionalProperties: false })

export const BulkTagsResult = Type.Object({
  modified: Type.Integer({ description: 'How many media were changed' }),
  notFound: Type.Array(Type.String(), { description: 'Ids that are not media of this tenant (untouched)' }),
})

export const BulkDeleteResult = Type.Object({
  deleted: Type.Integer(),
  deletedIds: Type.Array(Type.String()),
  notFound: Type.Array(Type.String(), { description: 'Ids that are not media of this tenant (untouched)' }),
})

/** At most this many media are copied by one request: each is a download of up to MEDIA_MAX_UPLOAD_BYTES. */
export const COPY_EXTERNAL_MAX = 20

export const CopyExternalBody = Type.Object(
  {
    ids: Type.Array(Id, {
      minItems: 1,
      maxItems: COPY_EXTERNAL_MAX,
      description: `External media ids (at most ${COPY_EXTERNAL_MAX})`,
    }),
  },
  { additionalProperties: false },
)

export const CopyExternalResult = Type.Object({
  copied: Type.Array(MediaSchema, {
    description: 'The media whose file is now in Folio (same ids, now uploads)',
  }),
  failed: Type.Array(Type.Object({ id: Type.String(), message: Type.String() }), {
    description:
      'Media that stay as they were, with why: already in Folio, a video on a provider, an address refused, an answer other than 2xx, a file the upload checks refuse',
  }),
  notFound: Type.Array(Type.String(), { description: 'Ids that are not media of this tenant (untouched)' }),
})
