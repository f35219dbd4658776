import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { call, createTestContext, seedApiToken, seedTenant, type TestContext } from '../../test/helpers.js'
import { buildApp } from '../app.js'
import { newId } from '../lib/ids.js'
import { createMailer } from '../mail/mailer.js'
import { createSharedStore, type SharedStore } from './shared-store.js'

/**
 * Instances on one PostgreSQL without Redis tell each other to drop cached credentials through
 * LISTEN/NOTIFY. Runs with TEST_DATABASE_URL (the embedded database is one process's alone).
 */
describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('invalidation over LISTEN/NOTIFY', () => {
  let first: TestContext
  let stores: SharedStore[] = []
  let second: Awaited<ReturnType<typeof buildApp>>

  beforeAll(async () => {
    first = await createTestContext()
    const prefix = `folio-notify:${newId()}:`
    stores = await Promise.all(
      [0, 1].map(() => createSharedStore({ postgresUrl: first.config.databaseUrl, prefix })),
    )
    second = await buildApp({
      config: first.config,
      database: first.database,
      store: stores[1]!,
      mailer: createMailer({ from: first.config.mailFrom, dataDir: first.dataDir }),
      logger: false,
      ...(first.jobsSchema === undefined ? {} : { jobsSchema: `${first.jobsSchema}_second` }),
    })
    await second.ready()
  })
  afterAll(async () => {
    await second?.close()
    await Promise.all(stores.map((store) => store.close()))
    await first?.close()
  })

  it('carries a key from one store to the other, and no Redis client is made', async () => {
    const heard: string[] = []
    stores[1]!.onInvalidate((key) => heard.push(key))
    expect(stores[0]!.redis).toBeUndefined()
    await stores[0]!.invalidate('credential:abc')
    await vi.waitFor(() => expect(heard).toEqual(['credential:abc']), { timeout: 5_000, interval: 20 })
  })

  it('stops a deleted API token on the other instance at its next request', async () => {
    const firstApp = await buildApp({
      config: first.config,
      database: first.database,
      store: stores[0]!,
      mailer: createMailer({ from: first.config.mailFrom, dataDir: first.dataDir }),
      logger: false,
      ...(first.jobsSchema === undefined ? {} : { jobsSchema: `${first.jobsSchema}_third` }),
    })
    await firstApp.ready()
    try {
      const owner = await seedTenant(first.db)
      const token = await seedApiToken(first.db, owner.tenantId)
      // Cached on the second instance.
      expect((await call(second, 'GET', '/api/tags', { token })).statusCode).toBe(200)
      const listed = await call(firstApp, 'GET', '/api/api-tokens', { token: owner.token })
      const id = listed.data.tokens[0].id
      expect(
        (await call(firstApp, 'DELETE', `/api/api-tokens/${id}`, { token: owner.token })).statusCode,
      ).toBe(200)
      await vi.waitFor(
        async () => expect((await call(second, 'GET', '/api/tags', { token })).statusCode).toBe(401),
        { timeout: 2_000, interval: 50 },
      )
    } finally {
      await firstApp.close()
    }
  })
})
