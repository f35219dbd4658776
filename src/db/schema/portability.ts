import { bigint, boolean, char, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { idColumn, optionalTimestamp, tenantIdColumn, timestamps } from './columns.js'
import { tenants } from './tenants.js'
import { users } from './users.js'

/** Work done so far of a portability job: `done` of `total` rows and files. */
export interface PortabilityProgress {
  done: number
  total: number
}

/**
 * One export of a whole tenant into an archive (docs/decisions/portability.md). `status`: queued →
 * running → succeeded | failed; the job `portability.export` writes the archive to the media store
 * under `exports/` (`storage_key`), never publicly served, and the sweep removes it at `expires_at`.
 * `trigger`: `manual` (asked for through the API) or `schedule` (a backup: no `expires_at`, removed
 * when newer backups exceed the schedule's `keep`; docs/decisions/portability.md "Backups").
 */
export const tenantExports = pgTable(
  'tenant_exports',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    status: text('status').notNull(),
    progress: jsonb('progress').$type<PortabilityProgress>().notNull().default({ done: 0, total: 0 }),
    /** Rows per table and media files in the archive, once written. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    options: jsonb('options')
      .$type<{ includeResponses: boolean; includeStatistics: boolean }>()
      .notNull()
      .default({ includeResponses: false, includeStatistics: false }),
    error: text('error'),
    trigger: text('trigger').notNull().default('manual'),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    sha256: text('sha256'),
    createdBy: char('created_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
    finishedAt: optionalTimestamp('finished_at'),
    expiresAt: optionalTimestamp('expires_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('tenant_exports_expires_at_idx').on(t.expiresAt),
  ],
)

/**
 * A tenant's backup schedule (docs/decisions/portability.md "Backups"): `frequency` `off` | `daily` |
 * `weekly`; the hourly job `portability.start-backups` claims the schedules whose `next_run_at` has
 * come, moves it on by the period and queues a scheduled export with `include_*` as its options;
 * after a backup succeeds, the tenant's scheduled exports beyond the newest `keep` are removed.
 * No row: never set, which reads as `off`.
 */
export const tenantBackupSchedules = pgTable(
  'tenant_backup_schedules',
  {
    tenantId: tenantIdColumn()
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    frequency: text('frequency').notNull(),
    keep: integer('keep').notNull(),
    includeResponses: boolean('include_responses').notNull(),
    includeStatistics: boolean('include_statistics').notNull(),
    /** When the last backup was started (the claim), whatever became of it. */
    lastRunAt: optionalTimestamp('last_run_at'),
    /** When the next backup is due; null while `off`. */
    nextRunAt: optionalTimestamp('next_run_at'),
    updatedBy: char('updated_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('tenant_backup_schedules_next_run_at_idx').on(t.nextRunAt)],
)

/** What an import tells its account once it ended: what to set again, regenerate, invite. */
export interface TenantImportNotes {
  setAgain: string[]
  tokensToRegenerate: { id: string; name: string; role: string; scopes: string[] }[]
  invitations: { email: string; role: string }[]
}

/**
 * One archive being imported as a new tenant (docs/decisions/portability.md). It belongs to the
 * account that sent it (`user_id`): there is no tenant before the import commits, and
 * `new_tenant_id` names the tenant once it does (no foreign key: the tenant's purge leaves this
 * record, the account's, alone). The spooled archive waits in `DATA_DIR/tenant-imports`.
 */
export const tenantImports = pgTable(
  'tenant_imports',
  {
    id: idColumn().primaryKey(),
    userId: char('user_id', { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    progress: jsonb('progress').$type<PortabilityProgress>().notNull().default({ done: 0, total: 0 }),
    /** The name and slug asked for (`null`: the archive's). */
    options: jsonb('options').$type<{ name: string | null; slug: string | null }>().notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    newTenantId: char('new_tenant_id', { length: 24 }),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    notes: jsonb('notes')
      .$type<TenantImportNotes>()
      .notNull()
      .default({ setAgain: [], tokensToRegenerate: [], invitations: [] }),
    error: text('error'),
    ...timestamps,
    finishedAt: optionalTimestamp('finished_at'),
  },
  (t) => [index('tenant_imports_user_idx').on(t.userId)],
)
