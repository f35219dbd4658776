import { type Static, Type } from 'typebox'
import { DateTime, Id, Nullable } from '../../http/schemas.js'

const Progress = Type.Object(
  {
    done: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
)

const Counts = Type.Record(Type.String(), Type.Integer(), {
  description: 'Rows per table (by SQL name), `members` and `mediaFiles`',
})

const Status = Type.Union([
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('succeeded'),
  Type.Literal('failed'),
])

export const TenantExportSchema = Type.Object(
  {
    id: Id,
    tenantId: Id,
    status: Status,
    progress: Progress,
    counts: Counts,
    options: Type.Object(
      { includeResponses: Type.Boolean(), includeStatistics: Type.Boolean() },
      { additionalProperties: false },
    ),
    error: Nullable(Type.String()),
    sizeBytes: Nullable(Type.Integer()),
    sha256: Nullable(Type.String()),
    createdBy: Nullable(Id),
    createdAt: DateTime,
    finishedAt: Nullable(DateTime),
    expiresAt: Nullable(DateTime),
  },
  { additionalProperties: false },
)
export type TenantExport = Static<typeof TenantExportSchema>

export const ExportBody = Type.Object({ export: TenantExportSchema }, { additionalProperties: false })
export const ExportList = Type.Object(
  { exports: Type.Array(TenantExportSchema) },
  { additionalProperties: false },
)

export const StartExportBody = Type.Object(
  {
    includeResponses: Type.Optional(
      Type.Boolean({ description: "Include the forms' responses (default false)" }),
    ),
    includeStatistics: Type.Optional(
      Type.Boolean({ description: "Include the placements' daily statistics (default false)" }),
    ),
  },
  { additionalProperties: false },
)

export const TenantIdParams = Type.Object({ id: Id }, { additionalProperties: false })
export const ExportParams = Type.Object({ id: Id, exportId: Id }, { additionalProperties: false })
export const ImportParams = Type.Object({ importId: Id }, { additionalProperties: false })
export const NoQuery = Type.Object({}, { additionalProperties: false })

export const StartImportQuery = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "The new tenant's name" })),
    slug: Type.Optional(Type.String({ minLength: 1, maxLength: 63, description: "The new tenant's slug" })),
  },
  { additionalProperties: false },
)

/** The archive as the import's body (the route streams it; never parsed as JSON). */
export const ArchiveBody = Type.Unsafe<unknown>({
  description: 'An archive written by a tenant export (.tar.gz)',
})

/** The archive a download answers with. */
export const ArchiveFile = Type.Unsafe<unknown>({ type: 'string', format: 'binary' })

export const TenantImportSchema = Type.Object(
  {
    id: Id,
    status: Status,
    progress: Progress,
    tenantId: Nullable(Id),
    counts: Counts,
    setAgain: Type.Array(Type.String(), { description: 'Secrets the archive left out, to set again' }),
    tokensToRegenerate: Type.Array(
      Type.Object(
        { id: Id, name: Type.String(), role: Type.String(), scopes: Type.Array(Type.String()) },
        { additionalProperties: false },
      ),
      { description: 'API tokens imported unusable (expired at the import): create new ones in their place' },
    ),
    invitations: Type.Array(
      Type.Object({ email: Type.String(), role: Type.String() }, { additionalProperties: false }),
      {
        description:
          'Members of the source, now pending members of the new tenant; nothing was mailed: send with POST /api/users/{id}/reinvite',
      },
    ),
    error: Nullable(Type.String()),
    createdAt: DateTime,
    finishedAt: Nullable(DateTime),
  },
  { additionalProperties: false },
)
export type TenantImport = Static<typeof TenantImportSchema>

export const ImportBody = Type.Object({ import: TenantImportSchema }, { additionalProperties: false })
