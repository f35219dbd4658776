import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCatalogue, createEntry } from '../../test/collection-fixtures.js'
import { call, createTestContext, seedTenant, type TestContext } from '../../test/helpers.js'
import { secondInstance } from '../../test/instance-fixtures.js'

/**
 * Two app instances on one database and one Redis (the same key prefix), as two processes of one
 * deployment would be: the delivery cache lives in Redis, and a write on one instance is never
 * answered stale by the other. Runs when TEST_REDIS_URL is set.
 */
describe.skipIf(process.env.TEST_REDIS_URL === undefined)('the delivery cache on two instances', () => {
  let first: TestContext
  let second: FastifyInstance
  let closeSecond: () => Promise<void>
  beforeAll(async () => {
    first = await createTestContext({ env: { PUBLIC_CLIENT_LIMIT: 'off' } })
    ;({ app: second, close: closeSecond } = await secondInstance(first))
  })
  afterAll(async () => {
    await closeSecond()
    await first.close()
  })

  it('never answers stale: 300 writes on one instance, each read on both', async () => {
    const owner = await seedTenant(first.db)
    await createCatalogue(first, owner.token)
    const entry = await createEntry(first, owner.token, 'books', {
      status: 'published',
      data: { title: 'Shared', price: 0 },
    })
    const read = (app: typeof second) =>
      call(app, 'GET', '/api/public/collections/books/shared', { headers: { 'x-tenant-id': owner.tenantId } })
    const apps = [first.app, second]
    for (let i = 1; i <= 300; i++) {
      const writer = apps[i % 2]!
      const reader = apps[(i + 1) % 2]!
      const written = await call(writer, 'PUT', `/api/collections/books/entries/${entry.id}`, {
        token: owner.token,
        body: { data: { price: i } },
      })
      expect(written.statusCode, written.body).toBe(200)
      const fromOther = await read(reader)
      expect(fromOther.data.entry.data.price).toBe(i)
      expect(fromOther.headers['x-cache']).toBe('MISS')
      // The answer the other instance kept serves this one too.
      const fromWriter = await read(writer)
      expect(fromWriter.data.entry.data.price).toBe(i)
      expect(fromWriter.headers['x-cache']).toBe('HIT')
    }
  }, 180_000)
})
