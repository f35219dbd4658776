import { type Static, Type } from 'typebox'
import { DateTime, FreeObject, Id, Nullable, Pagination, TenantQuery } from '../../http/schemas.js'
import { ContentBody } from './schemas.js'

/** The spec's path pattern for both ids (`^[a-fA-F0-9]{24}$`); stored ids are lowercase. */
const SpecId = Type.String({
  pattern: '^[a-fA-F0-9]{24}$',
  description: '24 hex characters',
  'x-expect': '24 hex characters',
})

export const VersionParams = Type.Object({ id: SpecId, versionId: SpecId }, { additionalProperties: false })

export const VersionListQuerySchema = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    deletedPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    ...TenantQuery,
  },
  { additionalProperties: false },
)
export type VersionListQuery = Static<typeof VersionListQuerySchema>

const VersionMetaSchema = Type.Object({
  id: Type.String(),
  version: Type.Integer(),
  title: Type.String(),
  slug: Type.String(),
  status: Type.String(),
  draft: Type.Boolean({
    description:
      'A save of a published content’s draft (PUT /api/contents/{id}/draft), not live then; listed only for readers of unpublished content',
  }),
  current: Type.Boolean({ description: 'The version the content is at now (it cannot be deleted)' }),
  createdAt: DateTime,
  createdBy: Nullable(Type.String({ description: 'The user who saved it' })),
  createdByName: Type.String({
    description: 'That user’s name, or the API token or Folio job that saved it',
  }),
  deletedAt: Nullable(DateTime),
  deletedBy: Nullable(Type.String()),
  deletedByName: Nullable(Type.String()),
})
export type VersionMeta = Static<typeof VersionMetaSchema>

export const VersionPage = Type.Object({
  currentVersion: Type.Integer(),
  versions: Type.Array(VersionMetaSchema),
  deletedVersions: Type.Array(VersionMetaSchema),
  pagination: Pagination,
  deletedPagination: Pagination,
})

export const VersionBody = Type.Object({
  version: Type.Object({
    ...VersionMetaSchema.properties,
    content: FreeObject,
  }),
})

export const DeleteVersionsBody = Type.Object(
  { versionIds: Type.Array(Id, { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
)

export const DeleteVersionsResult = Type.Object({
  success: Type.Boolean(),
  deleted: Type.Integer({ description: 'Versions marked deleted by this call' }),
  deletedVersions: Type.Array(Type.Object({ versionId: Type.String(), version: Type.Integer() })),
})

export const RestoredBody = ContentBody
