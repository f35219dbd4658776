import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { outbox, outboxTasks } from '../db/schema/index.js'
import type { CommittedEvent } from './event-log.js'

/**
 * A durable consumer of domain events (docs/architecture.md "Relay"; docs/decisions/jobs-and-events.md
 * "Each consumer keeps its own progress"). Each consumer has its own task per event and moves at its
 * own pace: one that fails holds back or undoes nothing of another's.
 *
 * - `transactional` (activities, webhook deliveries): `handle` runs in the transaction that marks the
 *   events handled, so its database writes happen exactly once. It must make no network call (the
 *   tasks' row locks are held) and be idempotent on the event id all the same. An event it cannot
 *   handle is retried on its own with backoff and, past the relay's limit, kept as a dead letter.
 * - `sideEffect` (the cross-instance broadcast): `handle` runs after a short transaction leased the
 *   events, with no transaction or row lock held; the tasks are removed once it succeeded. A failure
 *   pauses the consumer with backoff (its dependency is down) and the events are handed over again.
 *   Events older than `discardAfterMs` are dropped unhandled: for a broadcast to caches whose entries
 *   expire sooner, a late one has nothing left to do.
 */
export type EventConsumer = TransactionalConsumer | SideEffectConsumer

export interface TransactionalConsumer {
  name: string
  kind: 'transactional'
  handle(tx: Db, events: readonly CommittedEvent[]): Promise<void>
  /** Called after a transaction of `handle` committed (wakes workers for what it recorded). */
  afterCommit?(): void
}

export interface SideEffectConsumer {
  name: string
  kind: 'sideEffect'
  handle(events: readonly CommittedEvent[]): Promise<void>
  discardAfterMs: number
}

export interface RelayOptions {
  db: Db
  consumers: readonly EventConsumer[]
  /** How often the relay looks for events committed elsewhere, retries that fell due, or left over (default 1000 ms). */
  pollIntervalMs?: number
  batchSize?: number
  /** Attempts of one event by a transactional consumer before it becomes a dead letter (default 10). */
  maxAttempts?: number
  /** The first retry's delay (ms, default 1000); it doubles with each attempt, up to `retryMaxMs`. */
  retryBaseMs?: number
  /** The longest retry delay (ms, default 300,000). */
  retryMaxMs?: number
  /** How long a side-effect consumer's claim holds its events before another may take them (ms, default 60,000). */
  leaseMs?: number
  /** How long `wakeSoon` gathers commits into one round (ms, default 10). */
  coalesceMs?: number
  onError?: (err: unknown) => void
  /** Told when a consumer gives an event up: `dead` (a dead letter) or `discarded` (past its horizon). */
  onGiveUp?: (notice: {
    consumer: string
    eventIds: readonly string[]
    outcome: 'dead' | 'discarded'
  }) => void
}

type OutboxRow = typeof outbox.$inferSelect

const toEvent = (row: OutboxRow): CommittedEvent => ({
  id: row.id,
  tenantId: row.tenantId,
  type: row.type,
  subjectId: row.subjectId,
  actor: row.actor,
  ipAddress: row.ipAddress,
  payload: row.payload,
  createdAt: row.createdAt,
})

const messageOf = (err: unknown) =>
  (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 1000)

/** The delay before retry `attempt` (1-based): `base` doubling each time, at most `max` (ms). */
export function retryDelayMs(attempt: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.max(0, attempt - 1))
}

/** One consumer's in-memory state on this instance. */
interface Lane {
  consumer: EventConsumer
  running: Promise<void> | undefined
  again: boolean
  /** Consecutive failed rounds (the database or the consumer's dependency unreachable). */
  failures: number
  pausedUntil: number
}

/**
 * Moves committed outbox events to the durable consumers, on every instance at once without doing
 * any task twice (rows are claimed with `FOR UPDATE SKIP LOCKED`). A round first dispatches new
 * events (one task per consumer, in one short transaction), then drains each consumer's due tasks
 * independently. Woken when this instance commits events, and on a timer for the rest (other
 * instances' commits, retries that fell due, leases that ran out). The writes that produced the
 * events were answered long before; nothing here can fail them.
 */
export function createOutboxRelay(options: RelayOptions) {
  const { db } = options
  const batchSize = options.batchSize ?? 100
  const maxAttempts = options.maxAttempts ?? 10
  const retryBaseMs = options.retryBaseMs ?? 1000
  const retryMaxMs = options.retryMaxMs ?? 300_000
  const leaseMs = options.leaseMs ?? 60_000
  const laneByName = new Map<string, Lane>()
  /** The consumers' lanes; `options.consumers` may grow until the relay first runs (families register theirs). */
  function lanesNow(): Lane[] {
    for (const consumer of options.consumers) {
      const known = laneByName.get(consumer.name)
      if (known?.consumer === consumer) continue
      if (known !== undefined) throw new Error(`Two outbox consumers are named ${consumer.name}.`)
      laneByName.set(consumer.name, {
        consumer,
        running: undefined,
        again: false,
        failures: 0,
        pausedUntil: 0,
      })
    }
    return [...laneByName.values()]
  }
  const dispatcher = {
    running: undefined as Promise<void> | undefined,
    again: false,
    failures: 0,
    pausedUntil: 0,
  }
  let timer: NodeJS.Timeout | undefined

  const pause = (state: { failures: number; pausedUntil: number }) => {
    state.failures += 1
    state.pausedUntil = Date.now() + retryDelayMs(state.failures, retryBaseMs, 60_000)
  }

  /** Gives one batch of new events a task per consumer; resolves with the batch's size. */
  async function dispatchBatch(): Promise<number> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: outbox.id, tenantId: outbox.tenantId })
        .from(outbox)
        .where(isNull(outbox.dispatchedAt))
        .orderBy(asc(outbox.createdAt), asc(outbox.id))
        .limit(batchSize)
        .for('update', { skipLocked: true })
      if (rows.length === 0) return 0
      const lanes = lanesNow()
      if (lanes.length > 0) {
        await tx
          .insert(outboxTasks)
          .values(
            lanes.flatMap(({ consumer }) =>
              rows.map((row) => ({ consumer: consumer.name, eventId: row.id, tenantId: row.tenantId })),
            ),
          )
          .onConflictDoNothing()
      }
      await tx
        .update(outbox)
        .set({ dispatchedAt: new Date() })
        .where(
          inArray(
            outbox.id,
            rows.map((row) => row.id),
          ),
        )
      return rows.length
    })
  }

  async function dispatch(): Promise<void> {
    if (Date.now() < dispatcher.pausedUntil) return
    try {
      let dispatched: number
      do {
        dispatched = await dispatchBatch()
        // The consumers start on each batch at once: under steady writes dispatching never ends.
        if (dispatched > 0) for (const lane of lanesNow()) void wakeLane(lane)
      } while (dispatched === batchSize)
      dispatcher.failures = 0
    } catch (err) {
      pause(dispatcher)
      options.onError?.(err)
    }
  }

  /** Due, live tasks of `consumer`, oldest first, locked for this transaction. */
  function claimDue(tx: Db, consumer: string, limit: number, eventId?: string) {
    return tx
      .select({ task: outboxTasks, event: outbox })
      .from(outboxTasks)
      .innerJoin(outbox, eq(outbox.id, outboxTasks.eventId))
      .where(
        and(
          eq(outboxTasks.consumer, consumer),
          isNull(outboxTasks.deadAt),
          lte(outboxTasks.availableAt, sql`now()`),
          eventId === undefined ? undefined : eq(outboxTasks.eventId, eventId),
        ),
      )
      .orderBy(asc(outboxTasks.availableAt), asc(outboxTasks.eventId))
      .limit(limit)
      .for('update', { of: outboxTasks, skipLocked: true })
  }

  const removeTasks = (tx: Db, consumer: string, eventIds: readonly string[]) =>
    tx
      .delete(outboxTasks)
      .where(and(eq(outboxTasks.consumer, consumer), inArray(outboxTasks.eventId, [...eventIds])))

  /**
   * A transactional consumer's due tasks (at most `limit`, or the one of `eventId`) handled in one
   * transaction with their removal. Resolves with the number of tasks claimed.
   */
  async function handleTransactional(
    consumer: TransactionalConsumer,
    limit: number,
    eventId?: string,
  ): Promise<number> {
    const claimed = await db.transaction(async (tx) => {
      const rows = await claimDue(tx as unknown as Db, consumer.name, limit, eventId)
      if (rows.length === 0) return 0
      await consumer.handle(
        tx as unknown as Db,
        rows.map((row) => toEvent(row.event)),
      )
      await removeTasks(
        tx as unknown as Db,
        consumer.name,
        rows.map((row) => row.task.eventId),
      )
      return rows.length
    })
    if (claimed > 0) consumer.afterCommit?.()
    return claimed
  }

  /** Counts a failed attempt of one event; past `maxAttempts` the task becomes a dead letter. */
  async function recordFailure(consumer: string, eventId: string, err: unknown): Promise<void> {
    const [task] = await db
      .select({ attempts: outboxTasks.attempts })
      .from(outboxTasks)
      .where(and(eq(outboxTasks.consumer, consumer), eq(outboxTasks.eventId, eventId)))
    if (task === undefined) return
    const attempts = task.attempts + 1
    const dead = attempts >= maxAttempts
    await db
      .update(outboxTasks)
      .set({
        attempts,
        lastError: messageOf(err),
        availableAt: new Date(Date.now() + retryDelayMs(attempts, retryBaseMs, retryMaxMs)),
        deadAt: dead ? new Date() : null,
      })
      .where(and(eq(outboxTasks.consumer, consumer), eq(outboxTasks.eventId, eventId)))
    if (dead) options.onGiveUp?.({ consumer, eventIds: [eventId], outcome: 'dead' })
  }

  /**
   * After a failed batch: each due event on its own, so that one event the consumer cannot handle
   * is retried (and in the end set aside) alone while the others go through.
   */
  async function isolateFailures(consumer: TransactionalConsumer) {
    const due = await db
      .select({ eventId: outboxTasks.eventId })
      .from(outboxTasks)
      .where(
        and(
          eq(outboxTasks.consumer, consumer.name),
          isNull(outboxTasks.deadAt),
          lte(outboxTasks.availableAt, sql`now()`),
        ),
      )
      .orderBy(asc(outboxTasks.availableAt), asc(outboxTasks.eventId))
      .limit(batchSize)
    for (const { eventId } of due) {
      try {
        await handleTransactional(consumer, 1, eventId)
      } catch (err) {
        options.onError?.(err)
        await recordFailure(consumer.name, eventId, err)
      }
    }
  }

  /**
   * A side-effect consumer's batch: leased in one short transaction (its events are not handed to
   * another instance for `leaseMs`), handled with no transaction open, then removed.
   */
  async function handleSideEffect(consumer: SideEffectConsumer): Promise<number> {
    const horizon = new Date(Date.now() - consumer.discardAfterMs)
    const { events, stale } = await db.transaction(async (tx) => {
      const rows = await claimDue(tx as unknown as Db, consumer.name, batchSize)
      if (rows.length === 0) return { events: [], stale: [] }
      const late = rows.filter((row) => row.event.createdAt < horizon).map((row) => row.task.eventId)
      if (late.length > 0) await removeTasks(tx as unknown as Db, consumer.name, late)
      const current = rows.filter((row) => row.event.createdAt >= horizon)
      if (current.length > 0) {
        await tx
          .update(outboxTasks)
          .set({
            attempts: sql`${outboxTasks.attempts} + 1`,
            availableAt: new Date(Date.now() + leaseMs),
          })
          .where(
            and(
              eq(outboxTasks.consumer, consumer.name),
              inArray(
                outboxTasks.eventId,
                current.map((row) => row.task.eventId),
              ),
            ),
          )
      }
      return { events: current.map((row) => toEvent(row.event)), stale: late }
    })
    if (stale.length > 0)
      options.onGiveUp?.({ consumer: consumer.name, eventIds: stale, outcome: 'discarded' })
    if (events.length === 0) return stale.length
    const ids = events.map((event) => event.id)
    try {
      await consumer.handle(events)
    } catch (err) {
      // Hand them over again at the consumer's next round, which its pause delays.
      await db
        .update(outboxTasks)
        .set({ availableAt: new Date(), lastError: messageOf(err) })
        .where(and(eq(outboxTasks.consumer, consumer.name), inArray(outboxTasks.eventId, ids)))
        .catch((releaseErr: unknown) => options.onError?.(releaseErr))
      throw err
    }
    await removeTasks(db, consumer.name, ids)
    return events.length + stale.length
  }

  async function drainLane(lane: Lane): Promise<void> {
    const { consumer } = lane
    do {
      lane.again = false
      if (Date.now() < lane.pausedUntil) return
      try {
        if (consumer.kind === 'sideEffect') {
          while ((await handleSideEffect(consumer)) === batchSize) {}
        } else {
          try {
            while ((await handleTransactional(consumer, batchSize)) === batchSize) {}
          } catch (err) {
            options.onError?.(err)
            await isolateFailures(consumer)
          }
        }
        lane.failures = 0
      } catch (err) {
        // The database (or a side effect's dependency) is unreachable: the whole lane waits.
        pause(lane)
        options.onError?.(err)
        return
      }
    } while (lane.again)
  }

  function wakeLane(lane: Lane): Promise<void> {
    if (lane.running !== undefined) {
      lane.again = true
      return lane.running
    }
    lane.running = drainLane(lane).finally(() => {
      lane.running = undefined
    })
    return lane.running
  }

  function wakeDispatcher(): Promise<void> {
    if (dispatcher.running !== undefined) {
      dispatcher.again = true
      return dispatcher.running
    }
    dispatcher.running = (async () => {
      do {
        dispatcher.again = false
        await dispatch()
      } while (dispatcher.again)
    })().finally(() => {
      dispatcher.running = undefined
    })
    return dispatcher.running
  }

  /** Dispatches what is new, then drains every consumer's due tasks; resolves when all are done. */
  async function wake(): Promise<void> {
    await wakeDispatcher()
    await Promise.all(lanesNow().map(wakeLane))
  }

  let soon: NodeJS.Timeout | undefined
  /**
   * A round shortly (`coalesceMs`): the commits of that moment are dispatched and handled together,
   * a few statements for all of them instead of for each (this instance's commits call it).
   */
  function wakeSoon(): void {
    if (soon !== undefined) return
    soon = setTimeout(() => {
      soon = undefined
      void wake()
    }, options.coalesceMs ?? 10)
  }

  return {
    /** Processes what is pending now, resolving when it is done (tests, start). */
    wake,
    wakeSoon,

    start() {
      timer = setInterval(() => void wake(), options.pollIntervalMs ?? 1000)
      timer.unref()
    },

    /** Stops the timer and waits for a round in progress. */
    async stop() {
      if (timer !== undefined) clearInterval(timer)
      if (soon !== undefined) clearTimeout(soon)
      timer = undefined
      soon = undefined
      await Promise.all([dispatcher.running, ...[...laneByName.values()].map((lane) => lane.running)])
    },
  }
}

export type OutboxRelay = ReturnType<typeof createOutboxRelay>
