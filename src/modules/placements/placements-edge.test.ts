import { describe, expect, it } from 'vitest'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'
import { tenantSettings } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'

const ctx = useTestContext()

const decide = (tenantId: string, body: unknown, headers: Record<string, string> = {}) =>
  call(ctx.app, 'POST', '/api/public/placements/decide', {
    body,
    headers: { 'x-tenant-id': tenantId, ...headers },
  })

describe('edge policy on public placements', () => {
  it('answers 403 when public reads are off or the origin is refused, and handles CORS preflights', async () => {
    const closed = await seedTenant(ctx.db)
    await ctx.db
      .insert(tenantSettings)
      .values({ tenantId: closed.tenantId, edgeGateway: { publicReadEnabled: false } })
    const body = { placement: 'hero', context: { path: '/', sessionId: 's' } }
    expect((await decide(closed.tenantId, body)).statusCode).toBe(403)
    const open = await seedTenant(ctx.db)
    await ctx.db
      .insert(tenantSettings)
      .values({ tenantId: open.tenantId, edgeGateway: { allowedOrigins: ['https://shop.example.com'] } })
    expect((await decide(open.tenantId, body, { origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await decide(open.tenantId, body, { origin: 'https://shop.example.com' })).statusCode).toBe(404)
    const preflight = (origin: string) =>
      ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/public/placements/events/batch',
        headers: {
          origin,
          'x-tenant-id': open.tenantId,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-tenant-id',
        },
      })
    expect((await preflight('https://shop.example.com')).headers['access-control-allow-origin']).toBe(
      'https://shop.example.com',
    )
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined()
    const events = await call(ctx.app, 'POST', '/api/public/placements/events/batch', {
      headers: { 'x-tenant-id': closed.tenantId },
      body: {
        events: [{ placementId: newId(), experienceId: newId(), type: 'view', sessionId: 's', path: '/' }],
      },
    })
    expect(events.statusCode).toBe(403)
  })
})
