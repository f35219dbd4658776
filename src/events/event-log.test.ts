import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../../test/helpers.js'
import { accountContext, systemContext, type TenantContext } from '../context.js'
import type { Database, Db } from '../db/client.js'
import { outbox, tags, tenants } from '../db/schema/index.js'
import { newId } from '../lib/ids.js'
import { type CommittedEvent, type DomainEvent, transactional } from './event-log.js'

// No app on this database: the only writers are the ones each test binds.
let database: Database
let db: Db
let dataDir: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'folio-event-log-'))
  database = await openTestDatabase(dataDir)
  db = database.db
})
afterAll(async () => {
  await database.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function newTenant(): Promise<string> {
  const id = newId()
  await db.insert(tenants).values({ id, name: `Tenant ${id}`, slug: `t-${id}`, plan: 'free' })
  return id
}

/** A sink that records what it heard, and the outbox rows already visible when it heard them. */
function listeningSink() {
  const heard: CommittedEvent[][] = []
  const storedWhenHeard: string[][] = []
  return {
    heard,
    storedWhenHeard,
    sink: {
      async committed(events: readonly CommittedEvent[]) {
        heard.push([...events])
        storedWhenHeard.push((await storedOf(events.map((event) => event.id))).map((row) => row.id))
      },
    },
  }
}

async function storedOf(ids: string[]) {
  if (ids.length === 0) return []
  return db.select().from(outbox).where(inArray(outbox.id, ids))
}

async function tagsOf(tenantId: string) {
  const rows = await db.select({ slug: tags.slug }).from(tags).where(eq(tags.tenantId, tenantId))
  return rows.map((row) => row.slug).sort()
}

/** Inserts a tag and emits its `tag.created`. */
async function createTag(tx: Db, emit: (event: DomainEvent) => void, tenantId: string, slug: string) {
  const id = newId()
  await tx.insert(tags).values({ tenantId, id, title: slug, slug })
  emit({ type: 'tag.created', subjectId: id, payload: { id, title: slug, slug } })
}

describe('transactional', () => {
  it('stores the events of a write in its transaction and hands them to the sink after the commit', async () => {
    const tenantId = await newTenant()
    const { sink, heard, storedWhenHeard } = listeningSink()
    const write = transactional(db, sink)
    const context: TenantContext = {
      ...systemContext(tenantId, 'test'),
      client: { ip: '203.0.113.9', userAgent: 'test' },
    }
    const answer = await write(context, async (tx, emit) => {
      await createTag(tx, emit, tenantId, 'first')
      await createTag(tx, emit, tenantId, 'second')
      return 'done'
    })
    expect(answer).toBe('done')
    expect(heard).toHaveLength(1)
    const events = heard[0]!
    expect(events.map((event) => [event.type, event.tenantId, event.ipAddress])).toEqual([
      ['tag.created', tenantId, '203.0.113.9'],
      ['tag.created', tenantId, '203.0.113.9'],
    ])
    expect(storedWhenHeard[0]).toHaveLength(2)
    const [row] = await storedOf([events[0]!.id])
    expect(row).toMatchObject({ tenantId, type: 'tag.created', actor: { kind: 'system', name: 'test' } })
  })

  it('stores nothing and tells the sink nothing when the work throws', async () => {
    const tenantId = await newTenant()
    const { sink, heard } = listeningSink()
    const write = transactional(db, sink)
    const failed = write(systemContext(tenantId, 'test'), async (tx, emit) => {
      await createTag(tx, emit, tenantId, 'gone')
      throw new Error('refused')
    })
    await expect(failed).rejects.toThrow('refused')
    expect(heard).toEqual([])
    expect(await tagsOf(tenantId)).toEqual([])
    const rows = await db.select().from(outbox).where(eq(outbox.tenantId, tenantId))
    expect(rows).toEqual([])
  })

  it('joins a caller’s unit of work: a refused write undoes itself only, events are heard with the caller’s commit', async () => {
    const tenantId = await newTenant()
    const caller = listeningSink()
    const service = listeningSink()
    const unitOfWork = transactional(db, caller.sink)
    const serviceWrite = transactional(db, service.sink)
    const context = systemContext(tenantId, 'import')
    await unitOfWork(context, async (tx, emit) => {
      const item: TenantContext = { ...context, unitOfWork: { tx, emit } }
      await serviceWrite(item, async (inner, innerEmit) => createTag(inner, innerEmit, tenantId, 'kept'))
      const refused = serviceWrite(item, async (inner, innerEmit) => {
        await createTag(inner, innerEmit, tenantId, 'undone')
        throw new Error('refused')
      })
      await expect(refused).rejects.toThrow('refused')
      await createTag(tx, emit, tenantId, 'own')
    })
    expect(await tagsOf(tenantId)).toEqual(['kept', 'own'])
    expect(service.heard).toEqual([])
    expect(caller.heard.map((events) => events.map((event) => event.payload.slug))).toEqual([['kept', 'own']])
  })

  it('records events for several contexts in one transaction with across', async () => {
    const [first, second] = [await newTenant(), await newTenant()]
    const userId = newId()
    const { sink, heard, storedWhenHeard } = listeningSink()
    const write = transactional(db, sink)
    await write.across(async (tx, emitIn) => {
      await createTag(tx, (event) => emitIn(systemContext(first, 'test'), event), first, 'a')
      await createTag(tx, (event) => emitIn(systemContext(second, 'test'), event), second, 'b')
      emitIn(accountContext(userId, { ip: '' }), {
        type: 'user.logged-in',
        subjectId: userId,
        payload: { id: userId, email: 'someone@example.test' },
      })
    })
    expect(heard).toHaveLength(1)
    expect(heard[0]!.map((event) => [event.type, event.tenantId])).toEqual([
      ['tag.created', first],
      ['tag.created', second],
      ['user.logged-in', null],
    ])
    expect(storedWhenHeard[0]).toHaveLength(3)
    const [account] = await storedOf([heard[0]![2]!.id])
    expect(account).toMatchObject({ tenantId: null, actor: { kind: 'user', id: userId }, ipAddress: null })
  })

  it('runs a transaction without events through across, and the sink hears nothing', async () => {
    const tenantId = await newTenant()
    const { sink, heard } = listeningSink()
    const count = await transactional(db, sink).across(async (tx) => {
      await tx.insert(tags).values({ tenantId, id: newId(), title: 'Quiet', slug: 'quiet' })
      const rows = await tx
        .select()
        .from(tags)
        .where(and(eq(tags.tenantId, tenantId), eq(tags.slug, 'quiet')))
      return rows.length
    })
    expect(count).toBe(1)
    expect(heard).toEqual([])
  })
})
