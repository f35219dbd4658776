import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  call,
  createTestContext,
  type SeededMember,
  seedApiToken,
  seedMember,
  seedTenant,
  type TestContext,
} from '../../../test/helpers.js'
import { configureWebhook, deliverEvent, deliveryRow, startReceiver } from '../../../test/webhook-fixtures.js'
import { webhookDeliveries } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'
import { OUTBOUND_REFUSED } from '../../lib/outbound.js'

/**
 * `/api/webhooks`: access (401, 403 by role and by API token scope), validation limits (400),
 * missing and other tenants' deliveries (404), webhooks not configured (409), paging, and the SSRF
 * guard with its private-address switch off (the default): every refused target gets nothing.
 */
const SECRET = `whsec_${Buffer.from('routes-test-key').toString('base64')}`
let ctx: TestContext
let receiver: Awaited<ReturnType<typeof startReceiver>>
let owner: SeededMember
let other: SeededMember
const ownIds: string[] = []
let otherId = ''

/** Log rows written directly: `count` deliveries a second apart, oldest first, statuses in turn. */
async function seedDeliveries(tenantId: string, count: number): Promise<string[]> {
  const statuses = ['succeeded', 'failed', 'pending'] as const
  const rows = Array.from({ length: count }, (_, index) => ({
    tenantId,
    id: newId(),
    type: 'content.updated',
    payload: JSON.stringify({
      type: 'content.updated',
      timestamp: new Date().toISOString(),
      data: { n: index },
    }),
    status: statuses[index % 3] as (typeof statuses)[number],
    attempts: 1,
    lastStatusCode: index % 3 === 0 ? 200 : 500,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
  }))
  await ctx.db.insert(webhookDeliveries).values(rows)
  return rows.map((row) => row.id)
}

beforeAll(async () => {
  receiver = await startReceiver()
  ctx = await createTestContext({ env: { WEBHOOK_RETRY_DELAYS: '0' } })
  ;[owner, other] = await Promise.all([seedTenant(ctx.db), seedTenant(ctx.db)])
  ownIds.push(...(await seedDeliveries(owner.tenantId, 5)))
  ;[otherId] = (await seedDeliveries(other.tenantId, 1)) as [string]
  await configureWebhook(ctx.db, other.tenantId, { url: 'https://hooks.example.com/folio', secret: SECRET })
})
afterAll(async () => {
  await ctx.close()
  await receiver.close()
})

describe('GET /api/webhooks/deliveries', () => {
  it('pages the log newest first and filters by status', async () => {
    const page = await call(ctx.app, 'GET', '/api/webhooks/deliveries?page=2&limit=2', { token: owner.token })
    expect(page.statusCode).toBe(200)
    expect(page.data.deliveries.map((d: { id: string }) => d.id)).toEqual([ownIds[2], ownIds[1]])
    expect(page.data.pagination).toEqual({ page: 2, limit: 2, total: 5, pages: 3 })
    expect(page.data.deliveries[0]).toEqual({
      id: ownIds[2],
      type: 'content.updated',
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
      lastError: null,
      lastAttemptAt: null,
      nextAttemptAt: null,
      createdAt: '2026-01-01T00:00:02.000Z',
      updatedAt: expect.any(String),
    })

    const failed = await call(ctx.app, 'GET', '/api/webhooks/deliveries?status=failed', {
      token: owner.token,
    })
    expect(failed.data.deliveries.map((d: { id: string }) => d.id)).toEqual([ownIds[4], ownIds[1]])
    expect(failed.data.pagination).toEqual({ page: 1, limit: 20, total: 2, pages: 1 })

    const beyond = await call(ctx.app, 'GET', '/api/webhooks/deliveries?page=9', { token: owner.token })
    expect(beyond.data).toEqual({ deliveries: [], pagination: { page: 9, limit: 20, total: 5, pages: 1 } })
  })

  it('shows only the caller’s tenant', async () => {
    const list = await call(ctx.app, 'GET', '/api/webhooks/deliveries?limit=100', { token: other.token })
    expect(list.data.deliveries.map((d: { id: string }) => d.id)).toEqual([otherId])
  })

  it.each([['page=0'], ['limit=0'], ['limit=101'], ['status=dead'], ['page=x'], ['type=content.updated']])(
    'answers 400 for %s',
    async (query) => {
      const response = await call(ctx.app, 'GET', `/api/webhooks/deliveries?${query}`, { token: owner.token })
      expect(response.statusCode).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
    },
  )
})

describe('access', () => {
  const routes = () =>
    [
      ['GET', '/api/webhooks/deliveries'],
      ['GET', `/api/webhooks/deliveries/${ownIds[0]}`],
      ['POST', `/api/webhooks/deliveries/${ownIds[0]}/redeliver`],
      ['POST', '/api/webhooks/test'],
    ] as const

  it('answers 401 without a credential', async () => {
    for (const [method, url] of routes()) {
      const response = await call(ctx.app, method, url)
      expect(response.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it('answers 403 to editors, authors and viewers, and to API tokens lacking the role or scope', async () => {
    for (const role of ['editor', 'author', 'viewer']) {
      const member = await seedMember(ctx.db, owner.tenantId, role)
      for (const [method, url] of routes()) {
        const response = await call(ctx.app, method, url, { token: member.token })
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403)
      }
    }
    const editorToken = await seedApiToken(ctx.db, owner.tenantId, {
      role: 'editor',
      scopes: ['read', 'write'],
    })
    const readOnly = await seedApiToken(ctx.db, owner.tenantId, { role: 'owner', scopes: ['read'] })
    for (const [method, url] of routes()) {
      expect((await call(ctx.app, method, url, { token: editorToken })).statusCode).toBe(403)
    }
    expect((await call(ctx.app, 'GET', '/api/webhooks/deliveries', { token: readOnly })).statusCode).toBe(200)
    expect((await call(ctx.app, 'POST', '/api/webhooks/test', { token: readOnly })).statusCode).toBe(403)
  })

  it('lets admins and owner-role API tokens with the write scope in', async () => {
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    const list = await call(ctx.app, 'GET', '/api/webhooks/deliveries', { token: admin.token })
    expect(list.statusCode).toBe(200)
    expect(list.data.pagination.total).toBe(5)
    const token = await seedApiToken(ctx.db, owner.tenantId, { role: 'admin', scopes: ['read', 'write'] })
    // Passes the guard; the owner tenant has no webhook configured.
    expect((await call(ctx.app, 'POST', '/api/webhooks/test', { token })).statusCode).toBe(409)
  })
})

describe('one delivery, redeliver and test', () => {
  it('answers 404 for a missing delivery and for another tenant’s, changing nothing', async () => {
    for (const id of [newId(), otherId]) {
      const get = await call(ctx.app, 'GET', `/api/webhooks/deliveries/${id}`, { token: owner.token })
      expect(get.statusCode).toBe(404)
      expect(get.data).toEqual({ error: 'NotFound', message: 'Webhook delivery not found.' })
      const redeliver = await call(ctx.app, 'POST', `/api/webhooks/deliveries/${id}/redeliver`, {
        token: owner.token,
      })
      expect(redeliver.statusCode).toBe(404)
    }
    expect((await deliveryRow(ctx.db, other.tenantId, otherId))?.status).toBe('succeeded')
  })

  it('answers 400 for a malformed id or a body with members', async () => {
    expect(
      (await call(ctx.app, 'GET', '/api/webhooks/deliveries/xyz', { token: owner.token })).statusCode,
    ).toBe(400)
    const redeliver = await call(ctx.app, 'POST', `/api/webhooks/deliveries/${ownIds[0]}/redeliver`, {
      token: owner.token,
      body: { now: true },
    })
    expect(redeliver.statusCode).toBe(400)
    const test = await call(ctx.app, 'POST', '/api/webhooks/test', { token: owner.token, body: { url: 'x' } })
    expect(test.statusCode).toBe(400)
    const array = await call(ctx.app, 'POST', '/api/webhooks/test', { token: owner.token, body: [] })
    expect(array.statusCode).toBe(400)
  })

  it('answers 409 when the webhook is not configured (no settings, no secret, or off for redelivery)', async () => {
    const test = await call(ctx.app, 'POST', '/api/webhooks/test', { token: owner.token })
    expect(test.statusCode).toBe(409)
    expect(test.data.error).toBe('Conflict')
    const redeliver = await call(ctx.app, 'POST', `/api/webhooks/deliveries/${ownIds[0]}/redeliver`, {
      token: owner.token,
    })
    expect(redeliver.statusCode).toBe(409)

    const noSecret = await seedTenant(ctx.db)
    await configureWebhook(ctx.db, noSecret.tenantId, { url: 'https://hooks.example.com/x', secret: null })
    expect((await call(ctx.app, 'POST', '/api/webhooks/test', { token: noSecret.token })).statusCode).toBe(
      409,
    )

    const off = await seedTenant(ctx.db)
    const [offId] = await seedDeliveries(off.tenantId, 1)
    await configureWebhook(ctx.db, off.tenantId, {
      url: 'https://hooks.example.com/x',
      secret: SECRET,
      enabled: false,
    })
    const offRedeliver = await call(ctx.app, 'POST', `/api/webhooks/deliveries/${offId}/redeliver`, {
      token: off.token,
    })
    expect(offRedeliver.statusCode).toBe(409)
    expect((await deliveryRow(ctx.db, off.tenantId, offId as string))?.status).toBe('succeeded')
  })
})

describe('SSRF guard (private addresses not allowed: the default)', () => {
  const blocked = () => [
    `http://127.0.0.1:${receiver.port}/ok/ssrf`,
    `http://[::ffff:127.0.0.1]:${receiver.port}/ok/ssrf`,
    `http://0x7f000001:${receiver.port}/ok/ssrf`,
    'http://169.254.169.254/latest/meta-data/',
    `http://localhost:${receiver.port}/ok/ssrf`,
    'file:///etc/passwd',
    `gopher://127.0.0.1:${receiver.port}/_ssrf`,
  ]

  it('refuses every private or non-HTTP target of a test ping and sends nothing', async () => {
    for (const url of blocked()) {
      const member = await seedTenant(ctx.db)
      await configureWebhook(ctx.db, member.tenantId, { url, secret: SECRET })
      const ping = await call(ctx.app, 'POST', '/api/webhooks/test', { token: member.token })
      expect(ping.statusCode, url).toBe(200)
      expect(ping.data.ok, url).toBe(false)
      expect(ping.data.delivery.lastStatusCode).toBeNull()
      expect(ping.data.delivery.lastError, url).toMatch(/^OutboundBlockedError: /)
    }
    expect(receiver.received).toHaveLength(0)
  })

  it('refuses an event delivery to a private address, or a host that does not resolve, on every attempt with one message, then fails it', async () => {
    const deliveries = []
    for (const url of [
      `http://127.0.0.1:${receiver.port}/ok/event`,
      'http://intranet.folio-test.invalid/ok/event',
    ]) {
      const member = await seedTenant(ctx.db)
      await configureWebhook(ctx.db, member.tenantId, { url, secret: SECRET })
      const event = await deliverEvent(ctx.app, ctx.db, member.tenantId, {
        type: 'content.created',
        payload: { title: 'x' },
      })
      deliveries.push({ tenantId: member.tenantId, eventId: event.id })
    }
    for (const { tenantId, eventId } of deliveries) {
      const row = await vi.waitFor(
        async () => {
          const found = await deliveryRow(ctx.db, tenantId, eventId)
          if (found?.status !== 'failed') throw new Error(`delivery is ${found?.status ?? 'missing'}`)
          return found
        },
        { timeout: 20_000, interval: 100 },
      )
      expect(row).toMatchObject({ attempts: 2, lastStatusCode: null })
      expect(row.lastError).toBe(`OutboundBlockedError: ${OUTBOUND_REFUSED}`)
    }
    expect(receiver.received).toHaveLength(0)
  })
})
