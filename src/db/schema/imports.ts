import { sql } from 'drizzle-orm'
import { boolean, char, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { idColumn, optionalTimestamp, tenantIdColumn, timestamps } from './columns.js'
import { tenants } from './tenants.js'
import { users } from './users.js'

/**
 * What an importer has already brought in: `(source, source_key)` → Folio record. It makes
 * imports idempotent without relying on slugs, which a source may repeat across kinds
 * (a WordPress post and page can share one).
 */
export const importRecords = pgTable(
  'import_records',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    sourceKey: text('source_key').notNull(),
    kind: text('kind').notNull(),
    targetId: char('target_id', { length: 24 }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.source, t.sourceKey] })],
)

/**
 * One import started through the API (`POST /api/imports/wordpress`) and its state, kept durably so
 * its outcome can be read after it ends and an import cut short by a stopped server stays visible.
 * `status`: queued → running → succeeded | failed; the job `imports.wordpress` runs it. A tenant has
 * at most one import queued or running (`imports_one_active_per_tenant`).
 */
export const imports = pgTable(
  'imports',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: idColumn(),
    source: text('source').notNull(),
    status: text('status').notNull(),
    dryRun: boolean('dry_run').notNull().default(false),
    /** Copy the attachments' files into Folio's media (kept for a resumed run). */
    copyMedia: boolean('copy_media').notNull().default(false),
    siteTitle: text('site_title').notNull().default(''),
    sizeBytes: integer('size_bytes').notNull(),
    /** The phase running now (`categories`, `tags`, `attachments`, `contents`); null before and after. */
    phase: text('phase'),
    /** Items per phase in the export. */
    totals: jsonb('totals').$type<Record<string, number>>().notNull().default({}),
    /** Per kind: created, existing, skipped so far. */
    counts: jsonb('counts').$type<Record<string, unknown>>().notNull().default({}),
    statuses: jsonb('statuses').$type<Record<string, number>>().notNull().default({}),
    skipped: jsonb('skipped').$type<Record<string, number>>().notNull().default({}),
    problems: jsonb('problems').$type<{ key: string; message: string }[]>().notNull().default([]),
    /** Where the run left the attachments' files (`MediaFiles`); empty until it ends. */
    mediaFiles: jsonb('media_files').$type<Record<string, unknown>>().notNull().default({}),
    error: text('error'),
    createdBy: char('created_by', { length: 24 }).references(() => users.id, { onDelete: 'set null' }),
    /** The pg-boss job that runs it now; an attempt of any other job finds it is not its own. */
    jobId: text('job_id'),
    startedAt: optionalTimestamp('started_at'),
    finishedAt: optionalTimestamp('finished_at'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('imports_one_active_per_tenant')
      .on(t.tenantId)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
)
