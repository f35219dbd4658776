import { and, eq, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { webhookDeliveries } from '../../db/schema/index.js'
import type { DeliveryRow } from './repository.js'

export interface DispatcherOptions {
  db: Db
  /** Makes one attempt of a claimed delivery and records its outcome; must not throw for an HTTP failure. */
  attempt(delivery: DeliveryRow): Promise<void>
  /** Attempts in flight on this instance at most (`WEBHOOK_CONCURRENCY`). */
  concurrency: number
  /** Attempts in flight to one tenant's receiver on this instance at most (`WEBHOOK_RECEIVER_CONCURRENCY`). */
  perReceiver: number
  /** How often an idle dispatcher looks for deliveries due (retries, other instances' events; ms). */
  pollIntervalMs?: number
  /**
   * How long a claim holds a delivery before another instance may take it (ms): longer than one
   * attempt can take (the outbound client gives up after 10 s), so only a crashed attempt runs out.
   */
  leaseMs?: number
  onError?: (err: unknown) => void
}

/**
 * Sends due webhook deliveries, several at a time (docs/decisions/jobs-and-events.md "Webhooks keep
 * pace with writes"). Each instance claims due rows of `webhook_deliveries` (`FOR UPDATE SKIP
 * LOCKED`, then a lease in `next_attempt_at`), at most `concurrency` in flight and at most
 * `perReceiver` for one tenant's receiver: a receiver at its limit is left out of the claim, so a
 * slow one never takes the slots the others' deliveries need. Woken at once when deliveries are
 * recorded or requeued on this instance; polls for the rest.
 */
export function createWebhookDispatcher(options: DispatcherOptions) {
  const { db, concurrency, perReceiver } = options
  const pollIntervalMs = options.pollIntervalMs ?? 1000
  const leaseMs = options.leaseMs ?? 60_000
  const inFlight = new Map<string, number>()
  const attempts = new Set<Promise<void>>()
  let active = 0
  let claiming: Promise<void> | undefined
  let again = false
  let running = false
  let timer: NodeJS.Timeout | undefined

  /** Tenants whose receiver is at its limit on this instance. */
  const saturated = () =>
    [...inFlight].filter(([, count]) => count >= perReceiver).map(([tenantId]) => tenantId)

  /** Claims up to `limit` due deliveries, leaving out `skip` tenants; each leased for `leaseMs`. */
  async function claim(limit: number, skip: readonly string[]): Promise<DeliveryRow[]> {
    const t = webhookDeliveries
    const excluded =
      skip.length === 0 ? sql`true` : sql`not (${t.tenantId} = any(${sql.param([...skip])}::char(24)[]))`
    const due = db
      .select({ tenantId: t.tenantId, id: t.id })
      .from(t)
      .where(and(eq(t.status, 'pending'), lte(t.nextAttemptAt, sql`now()`), excluded))
      .orderBy(t.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true })
    return db
      .update(t)
      .set({ nextAttemptAt: sql`now() + ${sql.param(`${leaseMs} milliseconds`)}::interval` })
      .where(sql`(${t.tenantId}, ${t.id}) in ${due}`)
      .returning()
  }

  function begin(delivery: DeliveryRow) {
    active += 1
    inFlight.set(delivery.tenantId, (inFlight.get(delivery.tenantId) ?? 0) + 1)
    const attempt = options
      .attempt(delivery)
      .catch((err: unknown) => options.onError?.(err))
      .finally(() => {
        active -= 1
        const left = (inFlight.get(delivery.tenantId) ?? 1) - 1
        if (left === 0) inFlight.delete(delivery.tenantId)
        else inFlight.set(delivery.tenantId, left)
        attempts.delete(attempt)
        // A slot is free: take the next due delivery now rather than at the next poll.
        void wake()
      })
    attempts.add(attempt)
  }

  async function fill(): Promise<void> {
    do {
      again = false
      while (running && active < concurrency) {
        const free = concurrency - active
        let claimed: DeliveryRow[]
        try {
          claimed = await claim(free, saturated())
        } catch (err) {
          options.onError?.(err)
          return
        }
        // A receiver may get more than its share in one claim: those over it wait for the next.
        const kept: DeliveryRow[] = []
        const released: DeliveryRow[] = []
        const counts = new Map(inFlight)
        for (const delivery of claimed) {
          const count = counts.get(delivery.tenantId) ?? 0
          if (count >= perReceiver) released.push(delivery)
          else {
            counts.set(delivery.tenantId, count + 1)
            kept.push(delivery)
          }
        }
        for (const delivery of kept) begin(delivery)
        if (released.length > 0) await release(released)
        if (claimed.length < free) break
      }
    } while (again && running)
  }

  /** Makes deliveries claimed but not started due again at once. */
  async function release(deliveries: readonly DeliveryRow[]) {
    for (const delivery of deliveries) {
      await db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: sql`now()` })
        .where(
          and(
            eq(webhookDeliveries.tenantId, delivery.tenantId),
            eq(webhookDeliveries.id, delivery.id),
            eq(webhookDeliveries.status, 'pending'),
          ),
        )
        .catch((err: unknown) => options.onError?.(err))
    }
  }

  function wake(): Promise<void> {
    if (!running) return Promise.resolve()
    if (claiming !== undefined) {
      again = true
      return claiming
    }
    claiming = fill().finally(() => {
      claiming = undefined
    })
    return claiming
  }

  return {
    /** Looks for due deliveries now (after this instance recorded or requeued some). */
    wake,
    start() {
      running = true
      timer = setInterval(() => void wake(), pollIntervalMs)
      timer.unref()
      void wake()
    },
    /** Stops claiming and waits for the attempts in flight. */
    async stop() {
      running = false
      if (timer !== undefined) clearInterval(timer)
      timer = undefined
      await claiming
      await Promise.allSettled([...attempts])
    },
  }
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>
