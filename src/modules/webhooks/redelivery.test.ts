import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { call, createTestContext, seedTenant, type TestContext } from '../../../test/helpers.js'
import {
  configureWebhook,
  deliverEvent,
  expectSecretsHidden,
  type Received,
  settledDelivery,
  startReceiver,
  verified,
} from '../../../test/webhook-fixtures.js'
import { activities } from '../../db/schema/index.js'
import { MAX_RESPONSE_LENGTH } from './service.js'

/**
 * Webhook deliveries end to end (docs/architecture.md "Webhooks"): an event in the outbox becomes a
 * signed Standard Webhooks request that a receiver on loopback verifies with the `standardwebhooks`
 * package; retries after failures (schedule shortened to 0 s, 0 s: three attempts), the log,
 * redelivery, the test ping. The private-address switch is on here only because the receiver
 * listens on 127.0.0.1.
 */
const STANDARD_SECRET = `whsec_${Buffer.from('folio-test-webhook-key-0123456789').toString('base64')}`
const PLAIN_SECRET = 'plain secret with ünïcode 🔑'
const logs: string[] = []
const responses: string[] = []
let ctx: TestContext
let receiver: Awaited<ReturnType<typeof startReceiver>>

beforeAll(async () => {
  receiver = await startReceiver()
  ctx = await createTestContext({
    logs,
    env: { OUTBOUND_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAYS: '0,0' },
  })
})
afterAll(async () => {
  await ctx.close()
  await receiver.close()
})

/** `call`, keeping every response body for the secret check at the end. */
async function api(...args: Parameters<typeof call>) {
  const response = await call(...args)
  responses.push(response.body)
  return response
}
const settled = (tenantId: string, id: string, status: 'succeeded' | 'failed') =>
  settledDelivery(ctx.db, tenantId, id, status)

describe('webhook redelivery and test ping', () => {
  it('redelivers with the same id and body from a new series of attempts (202)', async () => {
    const owner = await seedTenant(ctx.db)
    await configureWebhook(ctx.db, owner.tenantId, {
      url: receiver.url('/ok/again'),
      secret: STANDARD_SECRET,
    })
    const event = await deliverEvent(ctx.app, ctx.db, owner.tenantId, {
      type: 'tag.deleted',
      payload: { title: 'Old' },
    })
    await settled(owner.tenantId, event.id, 'succeeded')

    const redeliver = await api(ctx.app, 'POST', `/api/webhooks/deliveries/${event.id}/redeliver`, {
      token: owner.token,
    })
    expect(redeliver.statusCode, redeliver.body).toBe(202)
    expect(redeliver.data.delivery).toMatchObject({ id: event.id, status: 'pending', attempts: 0 })
    expect(Date.parse(redeliver.data.delivery.nextAttemptAt)).toBeLessThanOrEqual(Date.now())

    await vi.waitFor(() => expect(receiver.to('/ok/again')).toHaveLength(2), {
      timeout: 20_000,
      interval: 100,
    })
    const row = await settled(owner.tenantId, event.id, 'succeeded')
    expect(row.attempts).toBe(1)
    const [first, second] = receiver.to('/ok/again')
    expect(second?.headers['webhook-id']).toBe(event.id)
    expect(second?.body).toBe(first?.body)
    expect(verified(STANDARD_SECRET, second as Received).type).toBe('tag.deleted')

    const detail = await api(ctx.app, 'GET', `/api/webhooks/deliveries/${event.id}`, { token: owner.token })
    expect(detail.statusCode).toBe(200)
    expect(detail.data.delivery).toMatchObject({
      id: event.id,
      status: 'succeeded',
      attempts: 1,
      lastResponse: 'thanks',
    })
    expect(detail.data.delivery.payload).toEqual({
      type: 'tag.deleted',
      timestamp: event.createdAt.toISOString(),
      data: { title: 'Old' },
    })
    // The redelivery is an activity; webhook bookkeeping itself is never sent to the webhook.
    await vi.waitFor(
      async () => {
        const logged = await ctx.db.select().from(activities).where(eq(activities.tenantId, owner.tenantId))
        expect(logged.map((activity) => activity.action)).toContain('webhook.redelivered')
      },
      { timeout: 10_000, interval: 100 },
    )
    expect(receiver.to('/ok/again').map((r) => JSON.parse(r.body).type)).toEqual([
      'tag.deleted',
      'tag.deleted',
    ])
  })

  it('sends a signed test ping now and answers with the outcome', async () => {
    const owner = await seedTenant(ctx.db)
    // Switched off: a ping may be tried before turning the webhook on.
    await configureWebhook(ctx.db, owner.tenantId, {
      url: receiver.url('/ok/ping'),
      secret: STANDARD_SECRET,
      enabled: false,
    })
    const ping = await api(ctx.app, 'POST', '/api/webhooks/test', { token: owner.token })
    expect(ping.statusCode, ping.body).toBe(200)
    expect(ping.data.ok).toBe(true)
    expect(ping.data.delivery).toMatchObject({
      type: 'webhook.test',
      status: 'succeeded',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null,
    })
    const [request] = receiver.to('/ok/ping')
    expect(request?.headers['webhook-id']).toBe(ping.data.delivery.id)
    expect(verified(STANDARD_SECRET, request as Received)).toMatchObject({
      type: 'webhook.test',
      data: { tenantId: owner.tenantId, message: 'A test ping from Folio.' },
    })

    const failing = await seedTenant(ctx.db)
    await configureWebhook(ctx.db, failing.tenantId, {
      url: receiver.url('/fail/ping'),
      secret: STANDARD_SECRET,
    })
    const failed = await api(ctx.app, 'POST', '/api/webhooks/test', { token: failing.token, body: {} })
    expect(failed.statusCode).toBe(200)
    expect(failed.data.ok).toBe(false)
    expect(failed.data.delivery).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'The receiver answered HTTP 500.',
    })
    // A ping is not retried.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(receiver.to('/fail/ping')).toHaveLength(1)
    const log = await api(ctx.app, 'GET', '/api/webhooks/deliveries', { token: failing.token })
    expect(log.data.deliveries.map((d: { type: string }) => d.type)).toEqual(['webhook.test'])
  })

  it("keeps the start of a long answer's body, and none when no answer came", async () => {
    const long = 'x'.repeat(MAX_RESPONSE_LENGTH + 500)
    const talkative = createServer((_request, response) => response.writeHead(502).end(long))
    await new Promise<void>((resolve) => talkative.listen(0, '127.0.0.1', resolve))
    const port = (talkative.address() as AddressInfo).port
    try {
      const owner = await seedTenant(ctx.db)
      await configureWebhook(ctx.db, owner.tenantId, {
        url: `http://127.0.0.1:${port}/hook`,
        secret: STANDARD_SECRET,
      })
      const ping = await api(ctx.app, 'POST', '/api/webhooks/test', { token: owner.token })
      expect(ping.data.delivery).toMatchObject({ lastStatusCode: 502 })
      const detail = await api(ctx.app, 'GET', `/api/webhooks/deliveries/${ping.data.delivery.id}`, {
        token: owner.token,
      })
      expect(detail.data.delivery.lastResponse).toBe(long.slice(0, MAX_RESPONSE_LENGTH))
    } finally {
      await new Promise((resolve) => talkative.close(resolve))
    }

    // Nothing listens on the closed port: no answer, so no body.
    const unreachable = await seedTenant(ctx.db)
    await configureWebhook(ctx.db, unreachable.tenantId, {
      url: `http://127.0.0.1:${port}/hook`,
      secret: STANDARD_SECRET,
    })
    const ping = await api(ctx.app, 'POST', '/api/webhooks/test', { token: unreachable.token })
    expect(ping.data.ok).toBe(false)
    const detail = await api(ctx.app, 'GET', `/api/webhooks/deliveries/${ping.data.delivery.id}`, {
      token: unreachable.token,
    })
    expect(detail.data.delivery).toMatchObject({ lastStatusCode: null, lastResponse: null })
  })

  it('never shows the secret in a response, a log line, a delivery row, the outbox or an activity', async () => {
    expect(responses.length).toBeGreaterThan(3)
    await expectSecretsHidden(
      ctx.db,
      [...responses, ...logs],
      [STANDARD_SECRET, STANDARD_SECRET.slice(6), PLAIN_SECRET],
    )
  })
})
