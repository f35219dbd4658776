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
    trigger: Type.Union([Type.Literal('manual'), Type.Literal('schedule')], {
      description:
        "`manual`: asked for through the API, removed EXPORT_RETENTION_HOURS after it finished; `schedule`: a backup of the tenant's backup schedule, kept until newer backups exceed its `keep`",
    }),
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

const Frequency = Type.Union([Type.Literal('off'), Type.Literal('daily'), Type.Literal('weekly')], {
  description: 'How often a backup is made: `off` (none), `daily` or `weekly`',
})
const Keep = Type.Integer({
  minimum: 1,
  maximum: 30,
  description: 'Backups kept: after one succeeds, older ones beyond this many are removed (1..30)',
})

export const BackupScheduleSchema = Type.Object(
  {
    frequency: Frequency,
    keep: Keep,
    includeResponses: Type.Boolean({ description: "Backups include the forms' responses" }),
    includeStatistics: Type.Boolean({ description: "Backups include the placements' daily statistics" }),
    lastRunAt: Nullable(
      Type.String({ format: 'date-time', description: 'When the last backup was started' }),
    ),
    nextRunAt: Nullable(
      Type.String({
        format: 'date-time',
        description: 'When the next backup is due (an hourly job starts it within the hour); null while off',
      }),
    ),
  },
  { additionalProperties: false },
)
export type BackupSchedule = Static<typeof BackupScheduleSchema>

export const BackupScheduleBody = Type.Object(
  { schedule: BackupScheduleSchema },
  { additionalProperties: false },
)

export const PutBackupScheduleBody = Type.Object(
  {
    frequency: Frequency,
    keep: Type.Optional(Keep),
    includeResponses: Type.Optional(
      Type.Boolean({ description: "Include the forms' responses (default true; left out: unchanged)" }),
    ),
    includeStatistics: Type.Optional(
      Type.Boolean({
        description: "Include the placements' daily statistics (default true; left out: unchanged)",
      }),
    ),
  },
  { additionalProperties: false },
)
export type PutBackupSchedule = Static<typeof PutBackupScheduleBody>

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
