import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'
import { besideHealth } from '../../../test/timing.js'
import { placementExperiences } from '../../db/schema/index.js'

// The cost of path globs in CPU time and event-loop stalls: run by `npm run test:timing` on a quiet
// machine; placements-edge.test.ts checks the same decisions without timing them.
const ctx = useTestContext()

const decide = (tenantId: string, body: unknown) =>
  call(ctx.app, 'POST', '/api/public/placements/decide', { body, headers: { 'x-tenant-id': tenantId } })

const wildGlob = (count: number) => `/${'*a'.repeat(count)}b`

describe('path globs of placement rules', () => {
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
      const short = await besideHealth(ctx.app, () => decideOn(`/${'a'.repeat(79)}`))
      expect([short.answer.statusCode, short.answer.data]).toEqual([
        404,
        { error: 'NotFound', message: 'Eligible experience not found.' },
      ])
      const long = await besideHealth(ctx.app, () => decideOn(`/${'a'.repeat(1998)}b`))
      expect([long.answer.statusCode, long.answer.data.decision.experience.name]).toEqual([200, slug])
      for (const { wallMs, cpuMs, healthStatuses, healthMaxMs } of [short, long]) {
        // The answer within 100 ms (this runs alone, on a quiet machine); the process's CPU time,
        // garbage collection and health checks included, stays far below a backtracking freeze.
        expect(wallMs).toBeLessThan(100)
        expect(cpuMs).toBeLessThan(500)
        expect(new Set(healthStatuses)).toEqual(new Set([200]))
        expect(healthMaxMs).toBeLessThan(1000)
      }
    }
  })
})
