import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../test/helpers.js'
import type { Database, Db } from '../db/client.js'
import { outbox, outboxTasks } from '../db/schema/index.js'
import { newId } from '../lib/ids.js'
import type { CommittedEvent } from './event-log.js'
import { createOutboxRelay, type EventConsumer, retryDelayMs } from './relay.js'

// No app on this database: the only relay is the one each test builds.
let database: Database
let db: Db
let dataDir: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-relay-'))
  database = await openTestDatabase(dataDir)
  db = database.db
})
afterAll(async () => {
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Account events (no tenant), so no tenant row is needed; returns their ids in order. */
async function emit(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId())
  await db.insert(outbox).values(
    ids.map((id, index) => ({
      tenantId: null,
      id,
      type: 'user.logged-in',
      subjectId: null,
      actor: { kind: 'system' as const, name: 'relay-test' },
      payload: { n: index },
      createdAt: new Date(Date.now() + index),
    })),
  )
  return ids
}

async function tasksOf(ids: readonly string[]) {
  return db
    .select()
    .from(outboxTasks)
    .where(inArray(outboxTasks.eventId, [...ids]))
}

/** A transactional consumer that records what it handled, in its transaction, and fails on `poison`. */
function recorder(name: string, poison: Set<string> = new Set()) {
  const handled: string[] = []
  const consumer: EventConsumer = {
    name,
    kind: 'transactional',
    async handle(tx, events) {
      // A database write in the consumer's transaction: it must vanish when the batch fails.
      await tx
        .update(outbox)
        .set({ subjectId: null })
        .where(eq(outbox.id, events[0]?.id ?? ''))
      for (const event of events) {
        if (poison.has(event.id)) throw new Error(`cannot handle ${event.id}`)
      }
      handled.push(...events.map((event) => event.id))
    },
  }
  return { consumer, handled }
}

describe('outbox relay', () => {
  it('computes exponential retry delays with a ceiling', () => {
    expect([1, 2, 3, 4, 10].map((attempt) => retryDelayMs(attempt, 1000, 5000))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ])
  })

  it('keeps each consumer on its own: a failing side effect neither undoes nor holds back the others', async () => {
    const activities = recorder('activities-a')
    const published: string[] = []
    let down = true
    const broadcast: EventConsumer = {
      name: 'broadcast-a',
      kind: 'sideEffect',
      discardAfterMs: 60_000,
      async handle(events) {
        if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:6379')
        published.push(...events.map((event) => event.id))
      },
    }
    const relay = createOutboxRelay({ db, consumers: [activities.consumer, broadcast], retryBaseMs: 20 })
    const ids = await emit(3)
    await relay.wake()
    expect(activities.handled).toEqual(ids)
    expect(published).toEqual([])
    const waiting = await tasksOf(ids)
    expect(waiting.map((task) => task.consumer)).toEqual(['broadcast-a', 'broadcast-a', 'broadcast-a'])
    expect(waiting[0]?.lastError).toBe('Error: connect ECONNREFUSED 127.0.0.1:6379')
    down = false
    await expect
      .poll(
        async () => {
          await relay.wake()
          return published
        },
        { timeout: 5000 },
      )
      .toEqual(ids)
    expect(await tasksOf(ids)).toEqual([])
    await relay.stop()
  })

  it('retries an event a consumer cannot handle on its own, then keeps it as a dead letter', async () => {
    const ids = await emit(4)
    const poisoned = ids[1] as string
    const webhooks = recorder('webhooks-b', new Set([poisoned]))
    const activities = recorder('activities-b')
    const relay = createOutboxRelay({
      db,
      consumers: [webhooks.consumer, activities.consumer],
      maxAttempts: 3,
      retryBaseMs: 10,
      retryMaxMs: 10,
    })
    await relay.wake()
    // The others went through, in their own transactions; the poisoned one waits for its retry.
    expect(activities.handled).toEqual(ids)
    expect(webhooks.handled.sort()).toEqual(ids.filter((id) => id !== poisoned).sort())
    for (let round = 0; round < 10; round++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      await relay.wake()
    }
    const [dead] = await tasksOf([poisoned])
    expect(dead).toMatchObject({
      consumer: 'webhooks-b',
      attempts: 3,
      lastError: `Error: cannot handle ${poisoned}`,
    })
    expect(dead?.deadAt).toBeInstanceOf(Date)
    // Never marked handled: the event is still there, and only its dead task is left.
    expect(await tasksOf(ids)).toHaveLength(1)
    expect(webhooks.handled).not.toContain(poisoned)
    await relay.stop()
  })

  it('hands an event that failed for a while to its consumer once it succeeds, before the limit', async () => {
    const [id] = (await emit(1)) as [string]
    let failuresLeft = 2
    const seen: CommittedEvent[] = []
    const consumer: EventConsumer = {
      name: 'flaky-c',
      kind: 'transactional',
      async handle(_tx, events) {
        if (failuresLeft-- > 0) throw new Error('not yet')
        seen.push(...events)
      },
    }
    const relay = createOutboxRelay({
      db,
      consumers: [consumer],
      maxAttempts: 5,
      retryBaseMs: 10,
      retryMaxMs: 10,
    })
    for (let round = 0; round < 10 && seen.length === 0; round++) {
      await relay.wake()
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(seen.map((event) => event.id)).toEqual([id])
    expect(seen[0]?.type).toBe('user.logged-in')
    expect(await tasksOf([id])).toEqual([])
    await relay.stop()
  })

  it('drops a side effect past its horizon instead of sending it late', async () => {
    const [old] = (await emit(1)) as [string]
    await db
      .update(outbox)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(outbox.id, old))
    const published: string[] = []
    const given: string[] = []
    const consumer: EventConsumer = {
      name: 'broadcast-d',
      kind: 'sideEffect',
      discardAfterMs: 60_000,
      async handle(events) {
        published.push(...events.map((event) => event.id))
      },
    }
    const relay = createOutboxRelay({
      db,
      consumers: [consumer],
      onGiveUp: ({ eventIds, outcome }) => {
        if (outcome === 'discarded') given.push(...eventIds)
      },
    })
    const [fresh] = (await emit(1)) as [string]
    await relay.wake()
    expect(published).toContain(fresh)
    expect(published).not.toContain(old)
    expect(given).toContain(old)
    expect(
      await db
        .select()
        .from(outboxTasks)
        .where(and(eq(outboxTasks.consumer, 'broadcast-d'), inArray(outboxTasks.eventId, [old, fresh]))),
    ).toEqual([])
    await relay.stop()
  })

  it('refuses two consumers of one name', async () => {
    const relay = createOutboxRelay({
      db,
      consumers: [recorder('twin').consumer, recorder('twin').consumer],
      onError: () => {},
    })
    await expect(relay.wake()).rejects.toThrow('Two outbox consumers are named twin.')
  })
})
