import { and, eq, lte, notInArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { webhookDeliveries } from '../../db/schema/index.js'
import type { DeliveryRow } from './repository.js'

/** Due rows a claim looks at, at least: enough to find other receivers' rows behind one's backlog. */
const SCAN_MIN = 64

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
 * recorded or requeued on this instance, and when an attempt ends; polls for the rest.
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

  /** How many more attempts `tenantId`'s receiver may take on this instance now. */
  const slotsOf = (tenantId: string) => perReceiver - (inFlight.get(tenantId) ?? 0)

  /**
   * Claims up to `free` due deliveries, at most each receiver's free slots, and leases them for
   * `leaseMs`. Receivers at their limit are left out of the scan; of the rows locked beyond a
   * receiver's share, none is touched, so they stay due for the next claim (of any instance).
   */
  async function claim(free: number): Promise<DeliveryRow[]> {
    const t = webhookDeliveries
    const saturated = [...inFlight].filter(([, count]) => count >= perReceiver).map(([tenantId]) => tenantId)
    return db.transaction(async (tx) => {
      const candidates = await tx
        .select({ tenantId: t.tenantId, id: t.id })
        .from(t)
        .where(
          and(
            eq(t.status, 'pending'),
            lte(t.nextAttemptAt, sql`now()`),
            saturated.length === 0 ? undefined : notInArray(t.tenantId, saturated),
          ),
        )
        .orderBy(t.nextAttemptAt)
        .limit(Math.max(4 * free, SCAN_MIN))
        .for('update', { skipLocked: true })
      const taken = new Map<string, number>()
      const chosen: SQL[] = []
      for (const candidate of candidates) {
        if (chosen.length >= free) break
        const count = taken.get(candidate.tenantId) ?? 0
        if (count >= slotsOf(candidate.tenantId)) continue
        taken.set(candidate.tenantId, count + 1)
        chosen.push(sql`(${candidate.tenantId}, ${candidate.id})`)
      }
      if (chosen.length === 0) return []
      return tx
        .update(t)
        .set({ nextAttemptAt: sql`now() + ${sql.param(`${leaseMs} milliseconds`)}::interval` })
        .where(sql`(${t.tenantId}, ${t.id}) in (${sql.join(chosen, sql`, `)})`)
        .returning()
    })
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
        // A slot of this receiver is free: take its next due delivery now rather than at the next poll.
        wakeSoon(delivery.tenantId)
      })
    attempts.add(attempt)
  }

  let freed: Set<string> | undefined
  /** Wakes once for the attempts that ended in this turn of the event loop: one claim for all their slots. */
  function wakeSoon(tenantId: string) {
    if (freed !== undefined) {
      freed.add(tenantId)
      return
    }
    freed = new Set([tenantId])
    setImmediate(() => {
      const tenantIds = [...(freed ?? [])]
      freed = undefined
      void wake(tenantIds)
    })
  }

  async function fill(): Promise<void> {
    do {
      again = false
      while (running && active < concurrency) {
        let claimed: DeliveryRow[]
        try {
          claimed = await claim(concurrency - active)
        } catch (err) {
          options.onError?.(err)
          return
        }
        if (claimed.length === 0) break
        for (const delivery of claimed) begin(delivery)
      }
    } while (again && running)
  }

  /**
   * Claims what is due now. `tenantIds`: the receivers that just got deliveries; when each of them
   * is at its limit there is nothing to start (and under steady writes, claiming anyway would spin).
   */
  function wake(tenantIds?: readonly string[]): Promise<void> {
    if (!running) return Promise.resolve()
    if (active >= concurrency) return claiming ?? Promise.resolve()
    if (tenantIds?.every((tenantId) => slotsOf(tenantId) <= 0)) {
      return claiming ?? Promise.resolve()
    }
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
    /** Looks for due deliveries now (after this instance recorded or requeued some, for `tenantIds`). */
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
