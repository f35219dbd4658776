import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'
import { placementExperiences, tenantSettings } from '../../db/schema/index.js'
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

/** A glob with `count` wildcards that a backtracking matcher takes exponential time on. */
const wildGlob = (count: number) => `/${'*a'.repeat(count)}b`
const pastCap = (member: string, count: number) => ({
  error: 'ValidationFailed',
  message: `${member} has ${count} wildcards; a path glob has at most 8 (* and ** each count).`,
})

describe('path globs of placement rules', () => {
  it('refuses a glob past the wildcard cap on every save with 400 naming the member, changing nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const save = (method: 'POST' | 'PUT', url: string, body: unknown) =>
      call(ctx.app, method, url, { token: owner.token, body })
    const experience = (paths: string[]) => ({ name: 'A', contentType: 'text', rules: { paths } })
    const pastCapCreate = await save('POST', '/api/placements', {
      slug: 'hero',
      name: 'Hero',
      experiences: [experience(['/shop/**', wildGlob(60)])],
    })
    expect([pastCapCreate.statusCode, pastCapCreate.data]).toEqual([
      400,
      pastCap('experiences[0].rules.paths[1]', 60),
    ])
    const pastCapDefault = await save('POST', '/api/placements', {
      slug: 'hero',
      name: 'Hero',
      defaultRules: { paths: [wildGlob(9)] },
    })
    expect([pastCapDefault.statusCode, pastCapDefault.data]).toEqual([
      400,
      pastCap('defaultRules.paths[0]', 9),
    ])
    const created = await save('POST', '/api/placements', {
      slug: 'hero',
      name: 'Hero',
      defaultRules: { paths: [`/${'**/'.repeat(8)}`] },
      experiences: [experience([wildGlob(8)])],
    })
    expect(created.statusCode, created.body).toBe(200)
    const { id, experiences } = created.data.placement
    const refused = [
      await save('PUT', `/api/placements/${id}`, { defaultRules: { paths: ['/a', wildGlob(9)] } }),
      await save('POST', `/api/placements/${id}/experiences`, experience([wildGlob(60)])),
      await save('PUT', `/api/placements/${id}/experiences/${experiences[0].id}`, {
        rules: { paths: [wildGlob(60)] },
      }),
    ]
    expect(refused.map((response) => [response.statusCode, response.data])).toEqual([
      [400, pastCap('defaultRules.paths[1]', 9)],
      [400, pastCap('rules.paths[0]', 60)],
      [400, pastCap('rules.paths[0]', 60)],
    ])
    const stored = await call(ctx.app, 'GET', `/api/placements/${id}`, { token: owner.token })
    expect(stored.data.placement).toMatchObject({
      version: 1,
      defaultRules: { paths: [`/${'**/'.repeat(8)}`] },
      experiences: [{ rules: { paths: [wildGlob(8)] } }],
    })
    expect(stored.data.placement.experiences).toHaveLength(1)
    const list = await call(ctx.app, 'GET', '/api/placements', { token: owner.token })
    expect(list.data.pagination.total).toBe(1)
  })

  it('decides at once on a glob at the cap and on one stored before the cap, 80 or 2,000 characters long', async () => {
    const owner = await seedTenant(ctx.db)
    const create = async (slug: string, glob: string) => {
      const response = await call(ctx.app, 'POST', '/api/placements', {
        token: owner.token,
        body: {
          slug,
          name: slug,
          experiences: [{ name: slug, status: 'active', contentType: 'text', rules: { paths: [glob] } }],
        },
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.data.placement.experiences[0].id as string
    }
    await create('at-cap', wildGlob(8))
    // A placement saved before the cap: its glob is written as it was stored then.
    const legacy = await create('legacy', '/x')
    await ctx.db
      .update(placementExperiences)
      .set({ rules: { paths: [wildGlob(60)] } })
      .where(and(eq(placementExperiences.tenantId, owner.tenantId), eq(placementExperiences.id, legacy)))
    for (const slug of ['at-cap', 'legacy']) {
      const decideOn = (path: string) =>
        decide(owner.tenantId, { placement: slug, context: { path, sessionId: 's' } })
      expect((await decideOn(`/${'a'.repeat(60)}b`)).data.decision.experience.name).toBe(slug)
      // A backtracking matcher would not answer these within the test's time (the cost is measured
      // in placements-edge.timing.test.ts).
      const short = await decideOn(`/${'a'.repeat(79)}`)
      expect([short.statusCode, short.data]).toEqual([
        404,
        { error: 'NotFound', message: 'Eligible experience not found.' },
      ])
      const long = await decideOn(`/${'a'.repeat(1998)}b`)
      expect([long.statusCode, long.data.decision.experience.name]).toEqual([200, slug])
    }
  })
})
