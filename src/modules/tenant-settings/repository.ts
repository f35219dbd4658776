import { and, count, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { contents, tenantSettings } from '../../db/schema/index.js'

export type SettingsRow = typeof tenantSettings.$inferSelect
export type SettingsValues = Omit<typeof tenantSettings.$inferInsert, 'tenantId' | 'createdAt'>

/** Drizzle queries for `tenant_settings` (one row per tenant; `tenantId` is the key). */
export function createSettingsRepository(db: Db) {
  return {
    async find(tenantId: string): Promise<SettingsRow | undefined> {
      const [row] = await db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, tenantId))
      return row
    },

    /** The tenant's row, locked until the transaction ends; created (all defaults) when missing. */
    async lock(tenantId: string): Promise<SettingsRow> {
      await db.insert(tenantSettings).values({ tenantId }).onConflictDoNothing()
      const [row] = await db
        .select()
        .from(tenantSettings)
        .where(eq(tenantSettings.tenantId, tenantId))
        .for('update')
      return row as SettingsRow
    },

    /** How many of the tenant's contents are in each of `locales` (only those with some), by locale. */
    async contentsIn(tenantId: string, locales: string[]): Promise<{ locale: string; count: number }[]> {
      if (locales.length === 0) return []
      return db
        .select({ locale: contents.locale, count: count() })
        .from(contents)
        .where(and(eq(contents.tenantId, tenantId), inArray(contents.locale, locales)))
        .groupBy(contents.locale)
        .orderBy(contents.locale)
    },

    async update(tenantId: string, values: SettingsValues): Promise<SettingsRow> {
      const [row] = await db
        .update(tenantSettings)
        .set(values)
        .where(eq(tenantSettings.tenantId, tenantId))
        .returning()
      return row as SettingsRow
    },
  }
}
