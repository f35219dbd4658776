import { type Static, Type } from 'typebox'
import { DateTime, Nullable, PageQuery, Pagination, TenantQuery } from '../../http/schemas.js'

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
  tags: Type.Array(Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type Media = Static<typeof MediaSchema>

export const MediaBody = Type.Object({ media: MediaSchema })

export const MediaPage = Type.Object({ media: Type.Array(MediaSchema), pagination: Pagination })

const HttpUrl = Type.String({
  minLength: 1,
  maxLength: 2048,
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://\\S+$',
  description: 'Absolute http: or https: URL',
})

const TagList = Type.Array(Type.String({ maxLength: 100 }), {
  maxItems: 50,
  description: 'Tags; one string is taken as a one-element list. Stored trimmed, lowercased, distinct.',
})

/** api-spec "External media fields". */
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
  { additionalProperties: false },
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
