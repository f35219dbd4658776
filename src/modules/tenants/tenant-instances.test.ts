import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { call, createTestContext, seedApiToken, seedTenant, type TestContext } from '../../../test/helpers.js'
import { secondInstance } from '../../../test/instance-fixtures.js'
import { deleteTenant, publicProbeRoutes, restoreTenant } from '../../../test/tenant-fixtures.js'

/**
 * Two app instances on one database and one Redis: a deletion on one is seen by the other long
 * before its tenant cache (30 s) would expire. Runs when TEST_REDIS_URL is set.
 */
describe.skipIf(process.env.TEST_REDIS_URL === undefined)('tenant deletion across instances', () => {
  let first: TestContext
  let second: FastifyInstance
  let closeSecond: () => Promise<void>
  beforeAll(async () => {
    first = await createTestContext({ extraPublicRoutes: [publicProbeRoutes] })
    ;({ app: second, close: closeSecond } = await secondInstance(first, {
      extraPublicRoutes: [publicProbeRoutes],
    }))
  })
  afterAll(async () => {
    await closeSecond()
    await first.close()
  })

  it('answers 404 on the other instance within seconds, and serves it again after a restore', async () => {
    const owner = await seedTenant(first.db)
    const apiToken = await seedApiToken(first.db, owner.tenantId)
    const probe = () =>
      call(second, 'GET', '/api/public/lifecycle-probe', { headers: { 'x-tenant-id': owner.tenantId } })
    const tags = () => call(second, 'GET', '/api/tags', { token: apiToken })
    expect((await probe()).statusCode).toBe(200)
    expect((await tags()).statusCode).toBe(200)
    expect((await deleteTenant(first, owner.token, owner.tenantId)).statusCode).toBe(200)
    await vi.waitFor(
      async () => {
        expect((await probe()).statusCode).toBe(404)
        expect((await tags()).statusCode).toBe(404)
      },
      { timeout: 5_000, interval: 100 },
    )
    expect((await restoreTenant(first, owner.token, owner.tenantId)).statusCode).toBe(200)
    await vi.waitFor(
      async () => {
        expect((await probe()).statusCode).toBe(200)
        expect((await tags()).statusCode).toBe(200)
      },
      { timeout: 5_000, interval: 100 },
    )
  })
})
