import { and, asc, desc, eq, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import {
  memberships,
  type PortabilityProgress,
  type TenantImportNotes,
  tenantBackupSchedules,
  tenantExports,
  tenantImports,
  tenants,
  users,
} from '../../db/schema/index.js'
import type { ArchivedMember } from './archive.js'
import type { ExportOptions, PortableTable } from './classification.js'

type Rows<T> = { rows: T[] }

const quoted = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`)
const list = (names: readonly string[]) =>
  sql.join(
    names.map((name) => quoted(name)),
    sql`, `,
  )

/**
 * The portability family's queries: its own records (`tenant_exports`, `tenant_imports`), the rows
 * of every portable table as PostgreSQL renders them (`to_jsonb`), written back with
 * `jsonb_populate_recordset`, and the members read for `members.ndjson`. Table and column names come
 * from the schema (classification.ts), never from a client; values are always bound.
 */
export function createPortabilityRepository(db: Db) {
  return {
    /** How many rows of `table` the tenant has. */
    async count(tenantId: string, table: PortableTable): Promise<number> {
      const result = (await db.execute(
        sql`select count(*)::int as n from ${quoted(table.name)} where tenant_id = ${tenantId}`,
      )) as unknown as Rows<{ n: number }>
      return result.rows[0]?.n ?? 0
    },

    /**
     * Up to `limit` rows of the tenant's `table` after the row `after` (a row as this returns it, or
     * undefined for the first page), in primary-key order, each as `to_jsonb` less the omitted
     * columns: exact values, timestamps to the microsecond.
     */
    async page(
      tenantId: string,
      table: PortableTable,
      after: Record<string, unknown> | undefined,
      limit: number,
    ): Promise<{ row: Record<string, unknown>; leftOut: string[] }[]> {
      const key = list(table.primaryKey)
      const omit = table.omit.map((column) => sql` - ${column}::text`)
      const keyset: SQL =
        after === undefined
          ? sql`true`
          : sql`(${key}) > (select ${key} from jsonb_populate_record(null::${quoted(table.name)}, ${JSON.stringify(after)}::jsonb))`
      // `left_out`: the omitted columns this row had a value in (the manifest names those secrets).
      const leftOut =
        table.omit.length === 0
          ? sql`null::text[]`
          : sql`array(select key from jsonb_each(to_jsonb(t)) where key = any(${`{${table.omit.join(',')}}`}::text[]) and value <> 'null'::jsonb)`
      const result = (await db.execute(
        sql`select to_jsonb(t)${sql.join(omit, sql``)} as row, ${leftOut} as left_out from ${quoted(table.name)} t where t.tenant_id = ${tenantId} and ${keyset} order by ${key} limit ${limit}`,
      )) as unknown as Rows<{ row: Record<string, unknown>; left_out: string[] | null }>
      return result.rows.map((row) => ({ row: row.row, leftOut: row.left_out ?? [] }))
    },

    /** Inserts `rows` (whole rows, JSON as `page` reads them) into `table`, types converted back by the database. */
    async insertRows(table: PortableTable, rows: readonly Record<string, unknown>[]): Promise<void> {
      if (rows.length === 0) return
      const name = quoted(table.name)
      await db.execute(
        sql`insert into ${name} select * from jsonb_populate_recordset(null::${name}, ${JSON.stringify(rows)}::jsonb)`,
      )
    },

    /** Sets the self-referencing columns of `rows` (inserted before with them null). */
    async linkRows(table: PortableTable, rows: readonly Record<string, unknown>[]): Promise<void> {
      if (rows.length === 0 || table.selfColumns.length === 0) return
      const name = quoted(table.name)
      const sets = sql.join(
        table.selfColumns.map((column) => sql`${quoted(column)} = v.${quoted(column)}`),
        sql`, `,
      )
      const match = sql.join(
        table.primaryKey.map((column) => sql`t.${quoted(column)} = v.${quoted(column)}`),
        sql` and `,
      )
      await db.execute(
        sql`update ${name} t set ${sets} from jsonb_populate_recordset(null::${name}, ${JSON.stringify(rows)}::jsonb) v where ${match}`,
      )
    },

    /** The tenant's members with their accounts' names and addresses, oldest first. */
    async members(tenantId: string): Promise<(ArchivedMember & { userId: string })[]> {
      return db
        .select({
          userId: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: memberships.role,
          status: memberships.status,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.tenantId, tenantId))
        .orderBy(asc(memberships.createdAt), asc(memberships.id))
    },

    /** The tenant's name and slug. */
    async tenant(tenantId: string): Promise<{ id: string; name: string; slug: string } | undefined> {
      const [row] = await db
        .select({ id: tenants.id, name: tenants.name, slug: tenants.slug })
        .from(tenants)
        .where(eq(tenants.id, tenantId))
      return row
    },

    /** The address of an account (the importing one). */
    async account(userId: string): Promise<{ id: string; email: string } | undefined> {
      const [row] = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.id, userId))
      return row
    },

    /** The account with this address (case-insensitive), if any: the command line's owner. */
    async accountByEmail(email: string): Promise<{ id: string; email: string } | undefined> {
      const [row] = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
      return row
    },

    /** Whether a tenant uses `slug`. */
    async slugTaken(slug: string): Promise<boolean> {
      const rows = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, slug))
      return rows.length > 0
    },

    /** The role of the user's active membership in the tenant, if any and the tenant is live. */
    async activeRole(tenantId: string, userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ role: memberships.role })
        .from(memberships)
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        .where(
          and(
            eq(memberships.tenantId, tenantId),
            eq(memberships.userId, userId),
            eq(memberships.status, 'active'),
            eq(tenants.status, 'active'),
          ),
        )
      return row?.role
    },

    exports: {
      async insert(
        tenantId: string,
        values: {
          id: string
          options: ExportOptions
          createdBy: string | null
          trigger?: ExportTrigger
        },
      ): Promise<ExportRow> {
        const [row] = await db
          .insert(tenantExports)
          .values({ tenantId, ...values, status: 'queued' })
          .returning()
        return row!
      },
      async find(tenantId: string, id: string): Promise<ExportRow | undefined> {
        const [row] = await db
          .select()
          .from(tenantExports)
          .where(and(eq(tenantExports.tenantId, tenantId), eq(tenantExports.id, id)))
        return row
      },
      async list(tenantId: string): Promise<ExportRow[]> {
        return db
          .select()
          .from(tenantExports)
          .where(eq(tenantExports.tenantId, tenantId))
          .orderBy(desc(tenantExports.createdAt), desc(tenantExports.id))
          .limit(100)
      },
      async update(
        tenantId: string,
        id: string,
        values: Partial<Omit<ExportRow, 'tenantId' | 'id'>>,
      ): Promise<ExportRow | undefined> {
        const [row] = await db
          .update(tenantExports)
          .set(values)
          .where(and(eq(tenantExports.tenantId, tenantId), eq(tenantExports.id, id)))
          .returning()
        return row
      },
      async progress(tenantId: string, id: string, progress: PortabilityProgress): Promise<void> {
        await db
          .update(tenantExports)
          .set({ progress })
          .where(and(eq(tenantExports.tenantId, tenantId), eq(tenantExports.id, id)))
      },
      async remove(tenantId: string, id: string): Promise<ExportRow | undefined> {
        const [row] = await db
          .delete(tenantExports)
          .where(and(eq(tenantExports.tenantId, tenantId), eq(tenantExports.id, id)))
          .returning()
        return row
      },
      /** Exports past their `expires_at` (the sweep), at most `limit`, across tenants by nature. */
      async expired(now: Date, limit: number): Promise<ExportRow[]> {
        return db.select().from(tenantExports).where(lte(tenantExports.expiresAt, now)).limit(limit)
      },
      /** Exports left queued or running (a stopped server), to queue again. */
      async unfinished(): Promise<ExportRow[]> {
        return db
          .select()
          .from(tenantExports)
          .where(inArray(tenantExports.status, ['queued', 'running']))
          .limit(1000)
      },
      /**
       * The tenant's backups (scheduled exports) past the newest `keep` that succeeded: older
       * succeeded ones, and failed ones older than the newest success (docs/decisions/portability.md
       * "Backups"). Manual exports are never among them.
       */
      async backupsBeyond(tenantId: string, keep: number): Promise<ExportRow[]> {
        const scheduled = and(eq(tenantExports.tenantId, tenantId), eq(tenantExports.trigger, 'schedule'))
        const succeeded = await db
          .select()
          .from(tenantExports)
          .where(and(scheduled, eq(tenantExports.status, 'succeeded')))
          .orderBy(desc(tenantExports.createdAt), desc(tenantExports.id))
        const newest = succeeded[0]
        if (newest === undefined) return []
        const failed = await db
          .select()
          .from(tenantExports)
          .where(
            and(
              scheduled,
              eq(tenantExports.status, 'failed'),
              or(
                lt(tenantExports.createdAt, newest.createdAt),
                and(eq(tenantExports.createdAt, newest.createdAt), lt(tenantExports.id, newest.id)),
              ),
            ),
          )
        return [...succeeded.slice(keep), ...failed]
      },
    },

    schedules: {
      async find(tenantId: string): Promise<ScheduleRow | undefined> {
        const [row] = await db
          .select()
          .from(tenantBackupSchedules)
          .where(eq(tenantBackupSchedules.tenantId, tenantId))
        return row
      },
      async save(
        tenantId: string,
        values: Omit<ScheduleRow, 'tenantId' | 'createdAt' | 'updatedAt' | 'lastRunAt'>,
      ): Promise<ScheduleRow> {
        const [row] = await db
          .insert(tenantBackupSchedules)
          .values({ tenantId, ...values })
          .onConflictDoUpdate({
            target: tenantBackupSchedules.tenantId,
            set: { ...values, updatedAt: new Date() },
          })
          .returning()
        return row!
      },
      /**
       * Claims up to `limit` schedules due at `now` (of live tenants), across tenants by nature: moves
       * each one's `next_run_at` on by its period (from the slot it was due at, or from `now` when
       * that is past too, after downtime) and sets `last_run_at` to `now`, returning the claimed rows. Rows another transaction is claiming are skipped, and the update re-checks that a
       * row is still due once its lock is free, so two instances never claim one period twice.
       */
      async claimDue(now: Date, limit: number): Promise<ScheduleRow[]> {
        const t = tenantBackupSchedules
        const period = sql`case ${t.frequency} when 'weekly' then interval '7 days' else interval '1 day' end`
        const at = sql`${now.toISOString()}::timestamptz`
        const due = and(sql`${t.frequency} <> 'off'`, lte(t.nextRunAt, now))
        const candidates = db
          .select({ tenantId: t.tenantId })
          .from(t)
          .innerJoin(tenants, eq(tenants.id, t.tenantId))
          .where(and(due, eq(tenants.status, 'active')))
          .orderBy(asc(t.nextRunAt))
          .limit(limit)
          .for('update', { of: t, skipLocked: true })
        return db
          .update(t)
          .set({
            lastRunAt: now,
            nextRunAt: sql`case when ${t.nextRunAt} + ${period} > ${at} then ${t.nextRunAt} + ${period} else ${at} + ${period} end`,
          })
          .where(and(due, inArray(t.tenantId, candidates)))
          .returning()
      },
    },

    imports: {
      async insert(values: {
        id: string
        userId: string
        options: { name: string | null; slug: string | null }
        sizeBytes: number
      }): Promise<ImportRow> {
        const [row] = await db
          .insert(tenantImports)
          .values({ ...values, status: 'queued' })
          .returning()
        return row!
      },
      async find(userId: string, id: string): Promise<ImportRow | undefined> {
        const [row] = await db
          .select()
          .from(tenantImports)
          .where(and(eq(tenantImports.userId, userId), eq(tenantImports.id, id)))
        return row
      },
      async byId(id: string): Promise<ImportRow | undefined> {
        const [row] = await db.select().from(tenantImports).where(eq(tenantImports.id, id))
        return row
      },
      /** Imports left queued or running (a stopped server), to queue again. */
      async unfinished(): Promise<ImportRow[]> {
        return db
          .select()
          .from(tenantImports)
          .where(inArray(tenantImports.status, ['queued', 'running']))
          .limit(1000)
      },
      async update(id: string, values: Partial<Omit<ImportRow, 'id' | 'userId'>>): Promise<void> {
        await db
          .update(tenantImports)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(tenantImports.id, id))
      },
    },
  }
}

export type PortabilityRepository = ReturnType<typeof createPortabilityRepository>
export type ExportRow = typeof tenantExports.$inferSelect
export type ScheduleRow = typeof tenantBackupSchedules.$inferSelect
/** What started an export: a request (`manual`) or the tenant's backup schedule (`schedule`). */
export type ExportTrigger = 'manual' | 'schedule'
export type ImportRow = typeof tenantImports.$inferSelect
export type { TenantImportNotes }
