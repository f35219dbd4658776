import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestContext, seedTenant, type TestContext } from '../../test/helpers.js'
import { testDatabaseUrl } from '../../test/test-database.js'
import { createDatabase, type Database, isReachable } from './client.js'
import { isConnectionFailure } from './errors.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a PostgreSQL server that cannot be reached', () => {
  it('fails a statement at once, says so once, and is called unreachable', async () => {
    // Nothing listens on port 1: every connect is refused.
    const database = await createDatabase({ url: 'postgres://postgres@127.0.0.1:1/none', dataDir: '.' })
    const changes: [boolean, unknown][] = []
    database.onAvailabilityChange((available, cause) => changes.push([available, cause]))
    try {
      const failures = await Promise.all(
        [1, 2, 3].map(() =>
          database.db.execute(sql`select 1`).then(
            () => undefined,
            (err: unknown) => err,
          ),
        ),
      )
      expect(failures.map((err) => isConnectionFailure(err))).toEqual([true, true, true])
      expect(database.available()).toBe(false)
      expect(changes).toHaveLength(1)
      expect(changes[0]![0]).toBe(false)
      expect(isConnectionFailure(changes[0]![1])).toBe(true)
      expect(await isReachable(database)).toBe(false)
    } finally {
      await database.close()
    }
  })
})

/**
 * Connections PostgreSQL ends (a restart, an operator's pg_terminate_backend) must never end the
 * process: node-postgres emits them as `error` events. Runs on the shared test PostgreSQL, where
 * the file's own database's connections are ended.
 */
describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('connections PostgreSQL ends', () => {
  let url: string
  let admin: pg.Client
  beforeAll(async () => {
    url = (await testDatabaseUrl())!
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
  })
  afterAll(() => admin.end())

  const terminate = (pid: number) => admin.query('select pg_terminate_backend($1)', [pid])
  const pidOf = async (db: Database['db']) =>
    Number(
      ((await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] })
        .rows[0]!.pid,
    )

  it('replaces an idle pooled connection the server ended, without an uncaught error', async () => {
    const database = await createDatabase({ url, dataDir: '.', poolSize: 1 })
    try {
      const pid = await pidOf(database.db)
      await terminate(pid)
      // The pool hears the idle connection's error (an unheard one would end this process).
      await sleep(300)
      expect(await pidOf(database.db)).not.toBe(pid)
      expect(database.available()).toBe(true)
    } finally {
      await database.close()
    }
  })

  it('fails the transaction whose connection the server ended between its statements, and goes on', async () => {
    const database = await createDatabase({ url, dataDir: '.', poolSize: 1 })
    try {
      const failure = await database.db
        .transaction(async (tx) => {
          await terminate(await pidOf(tx as unknown as Database['db']))
          // The connection is checked out and idle: its error arrives with no statement to take it.
          await sleep(300)
          await tx.execute(sql`select 1`)
        })
        .then(
          () => undefined,
          (err: unknown) => err,
        )
      expect(isConnectionFailure(failure)).toBe(true)
      expect(await isReachable(database)).toBe(true)
    } finally {
      await database.close()
    }
  })

  it('keeps every slot of the pool when connections die as transactions begin', async () => {
    const database = await createDatabase({ url, dataDir: '.', poolSize: 1 })
    try {
      for (let n = 0; n < 10; n++) {
        await terminate(await pidOf(database.db))
        // Checked out at once: the connection's end may arrive as the transaction begins.
        await database.db.transaction((tx) => tx.execute(sql`select 1`)).catch(() => {})
      }
      // A slot lost for good would leave this waiting for the connect timeout, and then failing.
      expect(await isReachable(database)).toBe(true)
      const pool = (database.db as unknown as { $client: pg.Pool }).$client
      expect(pool.totalCount - pool.idleCount).toBe(0)
    } finally {
      await database.close()
    }
  })

  describe('under an app', () => {
    let ctx: TestContext
    beforeAll(async () => {
      ctx = await createTestContext()
    })
    afterAll(() => ctx.close())

    it('answers 503 with Retry-After or succeeds while its connections are ended, never 500, and recovers', async () => {
      const owner = await seedTenant(ctx.db)
      const statuses: number[] = []
      for (let round = 0; round < 3; round++) {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [new URL(url).pathname.slice(1)],
        )
        for (let n = 0; n < 5; n++) {
          const response = await call(ctx.app, 'POST', '/api/tags', {
            token: owner.token,
            body: { title: `tag ${round}-${n}` },
          })
          statuses.push(response.statusCode)
          if (response.statusCode === 503) expect(response.headers['retry-after']).toBe('5')
        }
      }
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([])
      // pg_terminate_backend only signals the backends, and a loaded machine ends them late, so a write
      // in the last round may still draw a dying connection; once they are gone, every write goes through.
      await sleep(1000)
      const after: number[] = []
      for (let n = 0; n < 5; n++) {
        after.push(
          (
            await call(ctx.app, 'POST', '/api/tags', {
              token: owner.token,
              body: { title: `tag after ${n}` },
            })
          ).statusCode,
        )
      }
      expect(after).toEqual([200, 200, 200, 200, 200])
      expect((await call(ctx.app, 'GET', '/ready')).statusCode).toBe(200)
    })
  })
})
