import { and, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { forms, formVersions } from '../../db/schema/index.js'
import { slugLookup } from '../../db/slugs.js'
import { containsPattern } from '../../lib/like.js'

export type FormRow = typeof forms.$inferSelect
export type FormVersionRow = typeof formVersions.$inferSelect
type FormValues = Omit<typeof forms.$inferInsert, 'tenantId'>

export interface FormFilter {
  status?: string | undefined
  search?: string | undefined
}

/** Drizzle queries for `forms` and `form_versions`; `tenantId` first and in every WHERE. */
export function createFormsRepository(db: Db) {
  const matching = (tenantId: string, filter: FormFilter) =>
    and(
      eq(forms.tenantId, tenantId),
      filter.status === undefined ? undefined : eq(forms.status, filter.status),
      filter.search === undefined
        ? undefined
        : or(
            ilike(forms.slug, containsPattern(filter.search)),
            ilike(sql`${forms.title}::text`, containsPattern(filter.search)),
          ),
    )

  return {
    /** One page of matching forms, newest change first, and the number of all matching. */
    async list(tenantId: string, filter: FormFilter, offset: number, limit: number) {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(forms)
          .where(matching(tenantId, filter))
          .orderBy(desc(forms.updatedAt), desc(forms.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(forms).where(matching(tenantId, filter)),
      ])
      return { rows, total: counted?.total ?? 0 }
    },

    async find(tenantId: string, id: string, lock = false): Promise<FormRow | undefined> {
      const query = db
        .select()
        .from(forms)
        .where(and(eq(forms.tenantId, tenantId), eq(forms.id, id)))
      const [row] = lock ? await query.for('update') : await query
      return row
    },

    async findBySlug(tenantId: string, slug: string): Promise<FormRow | undefined> {
      const [row] = await db
        .select()
        .from(forms)
        .where(and(eq(forms.tenantId, tenantId), eq(forms.slug, slug)))
      return row
    },

    /** Whether `slug` is used by a form other than `exceptId`. */
    async slugTaken(tenantId: string, slug: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: forms.id })
        .from(forms)
        .where(
          and(
            eq(forms.tenantId, tenantId),
            eq(forms.slug, slug),
            exceptId === undefined ? undefined : ne(forms.id, exceptId),
          ),
        )
      return row !== undefined
    },

    /** The tenant's form slugs, for the slug allocator (lib/slug.ts). */
    slugs(tenantId: string) {
      return slugLookup(db, forms, forms.slug, eq(forms.tenantId, tenantId))
    },

    async insert(tenantId: string, values: FormValues): Promise<FormRow> {
      const [row] = await db
        .insert(forms)
        .values({ ...values, tenantId })
        .returning()
      return row!
    },

    async update(tenantId: string, id: string, values: Partial<FormValues>): Promise<FormRow | undefined> {
      const [row] = await db
        .update(forms)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(forms.tenantId, tenantId), eq(forms.id, id)))
        .returning()
      return row
    },

    async delete(tenantId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(forms)
        .where(and(eq(forms.tenantId, tenantId), eq(forms.id, id)))
        .returning({ id: forms.id })
      return rows.length > 0
    },

    async insertVersion(tenantId: string, values: Omit<typeof formVersions.$inferInsert, 'tenantId'>) {
      const [row] = await db
        .insert(formVersions)
        .values({ ...values, tenantId })
        .returning()
      return row!
    },

    async findVersion(
      tenantId: string,
      formId: string,
      version: number,
    ): Promise<FormVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(formVersions)
        .where(
          and(
            eq(formVersions.tenantId, tenantId),
            eq(formVersions.formId, formId),
            eq(formVersions.version, version),
          ),
        )
      return row
    },

    /** One page of a form's versions, newest first, and their number. */
    async listVersions(tenantId: string, formId: string, offset: number, limit: number) {
      const where = and(eq(formVersions.tenantId, tenantId), eq(formVersions.formId, formId))
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(formVersions)
          .where(where)
          .orderBy(desc(formVersions.version))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(formVersions).where(where),
      ])
      return { rows, total: counted?.total ?? 0 }
    },
  }
}

export type FormsRepository = ReturnType<typeof createFormsRepository>
