import { createServer, type ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestContext, seedTenant, type TestContext } from '../../../test/helpers.js'
import { configureWebhook, startReceiver } from '../../../test/webhook-fixtures.js'

/**
 * The dispatcher sends several deliveries at once, at most WEBHOOK_RECEIVER_CONCURRENCY to one
 * receiver (docs/decisions/jobs-and-events.md "Webhooks keep pace with writes"). The slow receiver
 * here holds every request until the test lets it go, so nothing depends on timing.
 */
let ctx: TestContext
let fast: Awaited<ReturnType<typeof startReceiver>>
const held: ServerResponse[] = []
let slowReceived = 0
const slow = createServer((request, response) => {
  request.resume()
  request.on('end', () => {
    slowReceived += 1
    held.push(response)
  })
})

beforeAll(async () => {
  fast = await startReceiver()
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve))
  ctx = await createTestContext({
    env: { OUTBOUND_ALLOW_PRIVATE: 'true', WEBHOOK_RECEIVER_CONCURRENCY: '2', WEBHOOK_CONCURRENCY: '8' },
  })
})
afterAll(async () => {
  for (const response of held.splice(0)) response.end()
  await ctx.close()
  await fast.close()
  await new Promise<void>((resolve) => slow.close(() => resolve()))
})

async function tagsCreated(token: string, count: number, label: string) {
  for (let index = 0; index < count; index++) {
    const created = await call(ctx.app, 'POST', '/api/tags', { token, body: { title: `${label} ${index}` } })
    expect(created.statusCode).toBe(200)
  }
}

describe('webhook dispatcher', () => {
  it('keeps delivering to a receiver while another holds its requests, sending the slow one only its share', async () => {
    const slowTenant = await seedTenant(ctx.db)
    const fastTenant = await seedTenant(ctx.db)
    const port = (slow.address() as { port: number }).port
    await configureWebhook(ctx.db, slowTenant.tenantId, {
      url: `http://127.0.0.1:${port}/slow`,
      secret: 'slow',
    })
    await configureWebhook(ctx.db, fastTenant.tenantId, { url: fast.url('/ok/fast'), secret: 'fast' })

    await tagsCreated(slowTenant.token, 5, 'Slow')
    await tagsCreated(fastTenant.token, 5, 'Fast')
    await ctx.app.folio.platform.relay.wake()

    // Every fast delivery arrives although the slow receiver answers nothing.
    await expect.poll(() => fast.to('/ok/fast').length, { timeout: 15_000 }).toBe(5)
    expect(slowReceived).toBe(2)
    const pending = await call(ctx.app, 'GET', '/api/webhooks/deliveries?status=pending', {
      token: slowTenant.token,
    })
    expect(pending.data.pagination.total).toBe(5)

    // As the slow receiver answers, the rest follow, never more than two at a time.
    for (let answered = 0; answered < 5; ) {
      await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0)
      expect(held.length).toBeLessThanOrEqual(2)
      const response = held.shift() as ServerResponse
      response.writeHead(200).end('ok')
      answered += 1
    }
    await expect
      .poll(
        async () =>
          (
            await call(ctx.app, 'GET', '/api/webhooks/deliveries?status=succeeded', {
              token: slowTenant.token,
            })
          ).data.pagination.total,
        { timeout: 15_000 },
      )
      .toBe(5)
    expect(slowReceived).toBe(5)
  })
})
