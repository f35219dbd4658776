import { eq } from 'drizzle-orm'
import { WebhookVerificationError } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { call, createTestContext, seedTenant, type TestContext } from '../../../test/helpers.js'
import {
  configureWebhook,
  deliverEvent,
  deliveryRow,
  emitEvent,
  expectSecretsHidden,
  type Received,
  settledDelivery,
  startReceiver,
  verified,
} from '../../../test/webhook-fixtures.js'
import { webhookDeliveries } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'
import { signingKeyOf } from './signing.js'

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
    const id = newId()
    const event = await emitEvent(ctx.db, owner.tenantId, {
      type: 'content.deleted',
      subjectId: id,
      payload: { id, title: 'Gone', slug: 'gone', status: 'draft', locale: 'en' },
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
      data: { id, title: 'Gone', slug: 'gone', status: 'draft', locale: 'en' },
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
      lastResponse: 'nope',
      nextAttemptAt: null,
      attemptKey: null,
    })
    expect(receiver.to('/fail/1')).toHaveLength(3)
    // The answer's body is in the delivery's details, not in the log's list.
    const detail = await api(ctx.app, 'GET', `/api/webhooks/deliveries/${event.id}`, { token: owner.token })
    expect(detail.statusCode, detail.body).toBe(200)
    expect(detail.data.delivery).toMatchObject({ lastStatusCode: 500, lastResponse: 'nope' })

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

  it('never shows the secret in a response, a log line, a delivery row, the outbox or an activity', async () => {
    expect(responses.length).toBeGreaterThan(0)
    await expectSecretsHidden(
      ctx.db,
      [...responses, ...logs],
      [STANDARD_SECRET, STANDARD_SECRET.slice(6), PLAIN_SECRET],
    )
  })
})
