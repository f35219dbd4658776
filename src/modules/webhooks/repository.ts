import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { tenantSettings, type WebhookDeliveryStatus, webhookDeliveries } from '../../db/schema/index.js'

export type DeliveryRow = typeof webhookDeliveries.$inferSelect
export type NewDeliveryRow = typeof webhookDeliveries.$inferInsert

/** What one attempt changed. */
export interface AttemptOutcome {
  status: WebhookDeliveryStatus
  lastStatusCode: number | null
  lastError: string | null
  lastResponse: string | null
  lastAttemptAt: Date
  nextAttemptAt: Date | null
  attemptKey: string | null
}

/** Drizzle queries for `webhook_deliveries`; `tenantId` first and in every WHERE. */
export function createWebhooksRepository(db: Db) {
  const byId = (tenantId: string, id: string) =>
    and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, id))

  return {
    /**
     * Of `tenantIds`, those whose webhook is switched on with a URL and a secret (read in the
     * caller's transaction: the relay's, so no second connection is needed on PGlite).
     */
    async tenantsWithWebhook(tenantIds: readonly string[]): Promise<Set<string>> {
      if (tenantIds.length === 0) return new Set()
      const rows = await db
        .select({ tenantId: tenantSettings.tenantId })
        .from(tenantSettings)
        .where(
          and(
            inArray(tenantSettings.tenantId, [...tenantIds]),
            isNotNull(tenantSettings.webhookSecretEncrypted),
            sql`${tenantSettings.webhook}->>'enabled' = 'true'`,
            sql`coalesce(${tenantSettings.webhook}->>'url', '') <> ''`,
          ),
        )
      return new Set(rows.map((row) => row.tenantId))
    },

    /** Inserts the deliveries not recorded yet; returns those it inserted. */
    insertMany(rows: NewDeliveryRow[]): Promise<DeliveryRow[]> {
      if (rows.length === 0) return Promise.resolve([])
      return db.insert(webhookDeliveries).values(rows).onConflictDoNothing().returning()
    },

    async find(tenantId: string, id: string): Promise<DeliveryRow | undefined> {
      const [row] = await db.select().from(webhookDeliveries).where(byId(tenantId, id))
      return row
    },

    /** Newest first. */
    async list(
      tenantId: string,
      filter: { status?: WebhookDeliveryStatus | undefined },
      offset: number,
      limit: number,
    ) {
      const where = and(
        eq(webhookDeliveries.tenantId, tenantId),
        filter.status === undefined ? undefined : eq(webhookDeliveries.status, filter.status),
      )
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(webhookDeliveries)
          .where(where)
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(webhookDeliveries).where(where),
      ])
      return { rows, total: counted?.total ?? 0 }
    },

    /**
     * Records an attempt's outcome, only if the delivery still waits for the attempt `attemptKey`
     * (a redelivery in between replaced it); returns the updated row or undefined.
     */
    async recordAttempt(
      tenantId: string,
      id: string,
      attemptKey: string,
      outcome: AttemptOutcome,
    ): Promise<DeliveryRow | undefined> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ ...outcome, attempts: sql`${webhookDeliveries.attempts} + 1`, updatedAt: new Date() })
        .where(
          and(
            byId(tenantId, id),
            eq(webhookDeliveries.status, 'pending'),
            eq(webhookDeliveries.attemptKey, attemptKey),
          ),
        )
        .returning()
      return row
    },

    /** Starts a new series of attempts, the first due at `at` under `attemptKey`. */
    async requeue(
      tenantId: string,
      id: string,
      attemptKey: string,
      at: Date,
    ): Promise<DeliveryRow | undefined> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: at, attemptKey, updatedAt: at })
        .where(byId(tenantId, id))
        .returning()
      return row
    },
  }
}
