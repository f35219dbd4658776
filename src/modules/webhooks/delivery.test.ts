import { eq } from 'drizzle-orm'
import { Webhook, WebhookVerificationError } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { call, createTestContext, seedTenant, type TestContext } from '../../../test/helpers.js'
import {
  configureWebhook,
  deliverEvent,
  deliveryRow,
  emitEvent,
  type Received,
  startReceiver,
} from '../../../test/webhook-fixtures.js'
import { ConfigError, DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS, loadConfig } from '../../config.js'
import { activities, outbox, webhookDeliveries } from '../../db/schema/index.js'
import { retryAt } from './service.js'
import { signingKeyOf } from './signing.js'

/**
 * Webhook deliveries end to end (platform.md §5): an event in the outbox becomes a signed Standard
 * Webhooks request that a receiver on loopback verifies with the `standardwebhooks` package; retries
 * after failures (schedule shortened to 0 s, 0 s: three attempts), the log, redelivery, the test
 * ping. The private-address switch is on here only because the receiver listens on 127.0.0.1.
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

async function settled(tenantId: string, id: string, status: 'succeeded' | 'failed') {
  return vi.waitFor(
    async () => {
      const row = await deliveryRow(ctx.db, tenantId, id)
      if (row?.status !== status) throw new Error(`delivery ${id} is ${row?.status ?? 'missing'}`)
      return row
    },
    { timeout: 20_000, interval: 100 },
  )
}

/** Verifies a received request as a receiver would; returns the parsed body. */
function verified(secret: string | Uint8Array, request: Received) {
  const webhook = typeof secret === 'string' ? new Webhook(secret) : new Webhook(secret, { format: 'raw' })
  return webhook.verify(request.body, request.headers as Record<string, string>) as {
    type: string
    timestamp: string
    data: Record<string, unknown>
  }
}

describe('webhook deliveries', () => {
  it('sends each event once, signed per Standard Webhooks, and logs it as succeeded', async () => {
    const owner = await seedTenant(ctx.db)
    await configureWebhook(ctx.db, owner.tenantId, {
      url: receiver.url('/ok/standard'),
      secret: STANDARD_SECRET,
    })
    const event = await deliverEvent(ctx.app, ctx.db, owner.tenantId, {
      type: 'content.published',
      subjectId: '0123456789abcdef01234567',
      payload: { title: 'Hello', slug: 'hello', status: 'published' },
    })

    const row = await settled(owner.tenantId, event.id, 'succeeded')
    expect(row).toMatchObject({
      type: 'content.published',
      attempts: 1,
      lastStatusCode: 200,
      lastError: null,
    })
    expect(row.nextAttemptAt).toBeNull()
    const [request] = receiver.to('/ok/standard')
    expect(request?.headers['webhook-id']).toBe(event.id)
    expect(request?.headers['content-type']).toBe('application/json')
    expect(request?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/)
    expect(Number(request?.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2)
    expect(verified(STANDARD_SECRET, request as Received)).toEqual({
      type: 'content.published',
      timestamp: event.createdAt.toISOString(),
      data: { id: '0123456789abcdef01234567', title: 'Hello', slug: 'hello', status: 'published' },
    })
    // The body sent is the body logged.
    expect(row.payload).toBe(request?.body)
    // Another key does not verify: the signature is the tenant's.
    const other = `whsec_${Buffer.from('another key').toString('base64')}`
    expect(() => verified(other, request as Received)).toThrow(WebhookVerificationError)
  })

  it('records and sends an event once however often the relay hands it over', async () => {
    const owner = await seedTenant(ctx.db)
    await configureWebhook(ctx.db, owner.tenantId, {
      url: receiver.url('/ok/replayed'),
      secret: STANDARD_SECRET,
    })
    const event = await deliverEvent(ctx.app, ctx.db, owner.tenantId, { type: 'tag.updated', payload: {} }, 3)
    await settled(owner.tenantId, event.id, 'succeeded')
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(receiver.to('/ok/replayed')).toHaveLength(1)
    const rows = await ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.tenantId, owner.tenantId))
    expect(rows.map((row) => row.id)).toEqual([event.id])
  })

  it('hears committed events through the outbox relay', async () => {
    const owner = await seedTenant(ctx.db)
    await configureWebhook(ctx.db, owner.tenantId, {
      url: receiver.url('/ok/relayed'),
      secret: STANDARD_SECRET,
    })
    const event = await emitEvent(ctx.db, owner.tenantId, {
      type: 'content.deleted',
      payload: { slug: 'gone' },
    })
    // On a shared test PostgreSQL another test file's app may claim the event: the delivery is
    // recorded the same way whichever does, but sent with that app's configuration.
    const row = await vi.waitFor(
      async () => {
        const found = await deliveryRow(ctx.db, owner.tenantId, event.id)
        if (found === undefined) throw new Error('no delivery yet')
        return found
      },
      { timeout: 10_000, interval: 100 },
    )
    expect(row.type).toBe('content.deleted')
    expect(JSON.parse(row.payload)).toEqual({
      type: 'content.deleted',
      timestamp: event.createdAt.toISOString(),
      data: { slug: 'gone' },
    })
  })

  it('signs with the UTF-8 bytes of a secret that is not in the whsec_ form', async () => {
    const owner = await seedTenant(ctx.db)
    await configureWebhook(ctx.db, owner.tenantId, { url: receiver.url('/ok/plain'), secret: PLAIN_SECRET })
    const event = await deliverEvent(ctx.app, ctx.db, owner.tenantId, {
      type: 'tag.created',
      payload: { title: 'News' },
    })
    await settled(owner.tenantId, event.id, 'succeeded')
    const [request] = receiver.to('/ok/plain')
    expect(verified(Buffer.from(PLAIN_SECRET, 'utf8'), request as Received).data).toEqual({ title: 'News' })
    expect(verified(`whsec_${Buffer.from(PLAIN_SECRET).toString('base64')}`, request as Received).type).toBe(
      'tag.created',
    )
    expect(signingKeyOf('whsec_not base64!')).toEqual(new Uint8Array(Buffer.from('whsec_not base64!')))
  })

  it('retries after a 500 with the same id and body, then succeeds', async () => {
    const owner = await seedTenant(ctx.db)
    await configureWebhook(ctx.db, owner.tenantId, { url: receiver.url('/flaky/1'), secret: STANDARD_SECRET })
    const event = await deliverEvent(ctx.app, ctx.db, owner.tenantId, {
      type: 'category.updated',
      payload: { name: 'A' },
    })

    const row = await settled(owner.tenantId, event.id, 'succeeded')
    expect(row).toMatchObject({ attempts: 2, lastStatusCode: 200, lastError: null, nextAttemptAt: null })
    const requests = receiver.to('/flaky/1')
    expect(requests).toHaveLength(2)
    expect(requests.map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id])
    expect(requests[1]?.body).toBe(requests[0]?.body)
    for (const request of requests) expect(verified(STANDARD_SECRET, request).type).toBe('category.updated')
  })

  it('fails after the last attempt and keeps the last answer', async () => {
    const owner = await seedTenant(ctx.db)
    await configureWebhook(ctx.db, owner.tenantId, { url: receiver.url('/fail/1'), secret: STANDARD_SECRET })
    const event = await deliverEvent(ctx.app, ctx.db, owner.tenantId, {
      type: 'media.deleted',
      payload: { id: 'x' },
    })

    const row = await settled(owner.tenantId, event.id, 'failed')
    expect(row).toMatchObject({
      attempts: 3,
      lastStatusCode: 500,
      lastError: 'The receiver answered HTTP 500.',
      nextAttemptAt: null,
      attemptKey: null,
    })
    expect(receiver.to('/fail/1')).toHaveLength(3)

    const log = await api(ctx.app, 'GET', '/api/webhooks/deliveries?status=failed', { token: owner.token })
    expect(log.statusCode).toBe(200)
    expect(log.data.deliveries).toEqual([
      {
        id: event.id,
        type: 'media.deleted',
        status: 'failed',
        attempts: 3,
        lastStatusCode: 500,
        lastError: 'The receiver answered HTTP 500.',
        lastAttemptAt: row.lastAttemptAt?.toISOString(),
        nextAttemptAt: null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      },
    ])
    expect(log.data.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1 })
  })

  it('records nothing for a tenant whose webhook is off, or has no URL or secret', async () => {
    const off = await seedTenant(ctx.db)
    const noSecret = await seedTenant(ctx.db)
    const noSettings = await seedTenant(ctx.db)
    await configureWebhook(ctx.db, off.tenantId, {
      url: receiver.url('/ok/off'),
      secret: STANDARD_SECRET,
      enabled: false,
    })
    await configureWebhook(ctx.db, noSecret.tenantId, { url: receiver.url('/ok/off'), secret: null })
    const events = await Promise.all(
      [off, noSecret, noSettings].map((member) =>
        deliverEvent(ctx.app, ctx.db, member.tenantId, { type: 'content.created', payload: { title: 'x' } }),
      ),
    )
    for (const event of events) expect(await deliveryRow(ctx.db, event.tenantId, event.id)).toBeUndefined()
    expect(receiver.to('/ok/off')).toHaveLength(0)
  })

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
    expect(detail.data.delivery).toMatchObject({ id: event.id, status: 'succeeded', attempts: 1 })
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

  it('never shows the secret in a response, a log line, a delivery row, the outbox or an activity', async () => {
    const tables = JSON.stringify([
      await ctx.db.select().from(webhookDeliveries),
      await ctx.db.select().from(outbox),
      await ctx.db.select().from(activities),
    ])
    const everything = [...responses, ...logs, tables].join('\n')
    expect(responses.length).toBeGreaterThan(5)
    for (const secret of [STANDARD_SECRET, STANDARD_SECRET.slice(6), PLAIN_SECRET]) {
      expect(everything).not.toContain(secret)
    }
  })
})

describe('retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, plus up to 10 % jitter', () => {
    const from = new Date('2026-01-01T00:00:00Z')
    const waits = (random: number) =>
      DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS.map(
        (_, index) =>
          (retryAt(from, index + 1, DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS, () => random).getTime() -
            from.getTime()) /
          1000,
      )
    expect(waits(0)).toEqual([5, 300, 1800, 7200, 18_000, 36_000, 36_000])
    expect(waits(0.999_999).map(Math.round)).toEqual([5, 330, 1980, 7920, 19_800, 39_600, 39_600])
  })
})

describe('configuration', () => {
  const base = { DATABASE_URL: 'memory://' }

  it('defaults to the schedule above and to no private addresses', () => {
    const config = loadConfig(base)
    expect(config.webhookRetryDelaysSeconds).toEqual([5, 300, 1800, 7200, 18_000, 36_000, 36_000])
    expect(config.outboundAllowPrivate).toBe(false)
    const custom = loadConfig({ ...base, WEBHOOK_RETRY_DELAYS: '0, 60', OUTBOUND_ALLOW_PRIVATE: 'true' })
    expect(custom.webhookRetryDelaysSeconds).toEqual([0, 60])
    expect(custom.outboundAllowPrivate).toBe(true)
  })

  it.each([
    [{ OUTBOUND_ALLOW_PRIVATE: 'yes' }, 'OUTBOUND_ALLOW_PRIVATE must be true or false, got "yes"'],
    [
      { WEBHOOK_RETRY_DELAYS: '5,soon' },
      'WEBHOOK_RETRY_DELAYS (each) must be an integer from 0 to 604800, got "soon"',
    ],
    [
      { WEBHOOK_RETRY_DELAYS: '-1' },
      'WEBHOOK_RETRY_DELAYS (each) must be an integer from 0 to 604800, got "-1"',
    ],
    [{ WEBHOOK_RETRY_DELAYS: Array(21).fill('1').join(',') }, 'WEBHOOK_RETRY_DELAYS lists at most 20 delays'],
  ])('refuses %o', (env, problem) => {
    let error: unknown
    try {
      loadConfig({ ...base, ...env })
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).problems).toEqual([problem])
  })
})
