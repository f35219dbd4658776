import { asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { outbox } from '../db/schema/index.js'
import type { CommittedEvent } from './event-log.js'

/**
 * A durable consumer of domain events (docs/architecture.md "Relay": the activity log, webhook
 * deliveries, cross-instance cache invalidation). It runs inside the relay's transaction together
 * with marking the events processed, and must be idempotent on the event id: a batch whose
 * transaction failed is handed over again.
 */
export interface EventConsumer {
  name: string
  handle(tx: Db, events: readonly CommittedEvent[]): Promise<void>
}

export interface RelayOptions {
  db: Db
  consumers: readonly EventConsumer[]
  /** How often the relay looks for events committed elsewhere or left over (default 1000 ms). */
  pollIntervalMs?: number
  batchSize?: number
  /** Failed rounds after which one event is set aside (processed, with its error kept). */
  maxAttempts?: number
  onError?: (err: unknown) => void
}

type Row = typeof outbox.$inferSelect

const toEvent = (row: Row): CommittedEvent => ({
  id: row.id,
  tenantId: row.tenantId,
  type: row.type,
  subjectId: row.subjectId,
  actor: row.actor,
  ipAddress: row.ipAddress,
  payload: row.payload,
  createdAt: row.createdAt,
})

/**
 * Moves committed outbox events to the consumers, on every instance at once without doing any
 * event twice (rows are claimed with `FOR UPDATE SKIP LOCKED`). Woken when this instance commits
 * events, and on a timer for the rest. When a consumer fails (Redis down, say) the relay backs off
 * (1 s doubling to 60 s) and retries; the writes that produced the events were answered long ago.
 */
export function createOutboxRelay(options: RelayOptions) {
  const { db, consumers } = options
  const batchSize = options.batchSize ?? 100
  const maxAttempts = options.maxAttempts ?? 20
  let running: Promise<void> | undefined
  let again = false
  let failures = 0
  let pausedUntil = 0
  let timer: NodeJS.Timeout | undefined

  /** One claimed batch through every consumer in one transaction; resolves with its size. */
  async function processBatch(): Promise<number> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(outbox)
        .where(isNull(outbox.processedAt))
        .orderBy(asc(outbox.createdAt), asc(outbox.id))
        .limit(batchSize)
        .for('update', { skipLocked: true })
      if (rows.length === 0) return 0
      const events = rows.map(toEvent)
      for (const consumer of consumers) await consumer.handle(tx as unknown as Db, events)
      await markProcessed(tx as unknown as Db, rows, null)
      return rows.length
    })
  }

  async function markProcessed(target: Db, rows: readonly Row[], error: string | null) {
    await target
      .update(outbox)
      .set({ processedAt: new Date(), ...(error === null ? {} : { lastError: error }) })
      .where(
        inArray(
          outbox.id,
          rows.map((row) => row.id),
        ),
      )
  }

  /** After a failed batch: counts the failure on its oldest event, setting it aside past the limit. */
  async function recordFailure(err: unknown) {
    const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err)
    const [oldest] = await db
      .select()
      .from(outbox)
      .where(isNull(outbox.processedAt))
      .orderBy(asc(outbox.createdAt), asc(outbox.id))
      .limit(1)
    if (oldest === undefined) return
    if (oldest.attempts + 1 >= maxAttempts) {
      await markProcessed(db, [oldest], message.slice(0, 1000))
      return
    }
    await db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, lastError: message.slice(0, 1000) })
      .where(eq(outbox.id, oldest.id))
  }

  async function drain(): Promise<void> {
    do {
      again = false
      if (Date.now() < pausedUntil) return
      try {
        while ((await processBatch()) === batchSize) {}
        failures = 0
      } catch (err) {
        failures++
        pausedUntil = Date.now() + Math.min(60_000, 1000 * 2 ** (failures - 1))
        options.onError?.(err)
        await recordFailure(err).catch((recordErr) => options.onError?.(recordErr))
        return
      }
    } while (again)
  }

  function wake(): Promise<void> {
    if (running !== undefined) {
      again = true
      return running
    }
    running = drain().finally(() => {
      running = undefined
    })
    return running
  }

  return {
    /** Processes what is pending now (this instance's commits call it; so can tests). */
    wake,

    start() {
      timer = setInterval(() => void wake(), options.pollIntervalMs ?? 1000)
      timer.unref()
    },

    /** Stops the timer and waits for a round in progress. */
    async stop() {
      if (timer !== undefined) clearInterval(timer)
      timer = undefined
      await running
    },
  }
}

export type OutboxRelay = ReturnType<typeof createOutboxRelay>
