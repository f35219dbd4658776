import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { call, type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { placementEvents } from '../../db/schema/index.js'

const ctx = useTestContext()

async function createPlacement(owner: SeededMember, body: Record<string, unknown>) {
  const response = await call(ctx.app, 'POST', '/api/placements', { token: owner.token, body })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.placement as {
    id: string
    version: number
    experiences: { id: string; name: string }[]
  }
}

const decide = (tenantId: string, body: unknown, headers: Record<string, string> = {}) =>
  call(ctx.app, 'POST', '/api/public/placements/decide', {
    body,
    headers: { 'x-tenant-id': tenantId, ...headers },
  })

/** An A/B placement: A (weight 1) and B (weight 3) on /shop/**, a German-only C at higher priority. */
async function abPlacement(owner: SeededMember) {
  return createPlacement(owner, {
    slug: 'hero',
    name: 'Hero',
    category: 'banner',
    defaultRules: { paths: ['/shop/**'] },
    experiences: [
      { name: 'A', status: 'active', weight: 1, contentType: 'text', payload: { title: 'A' } },
      { name: 'B', status: 'active', weight: 3, contentType: 'text', payload: { title: 'B' } },
      { name: 'C', status: 'active', priority: 90, contentType: 'text', rules: { locales: ['de'] } },
      { name: 'Draft', status: 'draft', priority: 100, contentType: 'text' },
    ],
  })
}

describe('POST /api/public/placements/decide', () => {
  it('answers a decision with tracking data, the same one for the same visitor', async () => {
    const owner = await seedTenant(ctx.db)
    const placement = await abPlacement(owner)
    const body = { placement: 'hero', context: { path: '/shop/shoes', sessionId: 's-1', userKey: 'u-42' } }
    const first = await decide(owner.tenantId, body)
    expect(first.statusCode, first.body).toBe(200)
    const { decision } = first.data
    expect(decision).toMatchObject({
      decisionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      placement: { id: placement.id, slug: 'hero', name: 'Hero', category: 'banner' },
      reason: 'eligible',
      tracking: { placementId: placement.id, sessionId: 's-1', userKey: 'u-42', version: 1 },
    })
    expect(['A', 'B']).toContain(decision.experience.name)
    expect(decision.tracking.capKey).toBe(decision.experience.id)
    for (let n = 0; n < 5; n++) {
      const again = await decide(owner.tenantId, {
        ...body,
        context: { ...body.context, sessionId: `other-${n}` },
      })
      expect(again.data.decision.experience.id).toBe(decision.experience.id)
    }
    // Across visitors both variants appear, B about three times as often.
    const seen = { A: 0, B: 0 }
    for (let n = 0; n < 40; n++) {
      const response = await decide(owner.tenantId, {
        placement: 'hero',
        context: { path: '/shop', sessionId: `v${n}` },
      })
      seen[response.data.decision.experience.name as 'A' | 'B']++
    }
    expect(seen.A).toBeGreaterThan(0)
    expect(seen.B).toBeGreaterThan(seen.A)
  })

  it('prefers the higher priority when its rules match, and is fail-closed on missing context', async () => {
    const owner = await seedTenant(ctx.db)
    await abPlacement(owner)
    const german = await decide(owner.tenantId, {
      placement: 'hero',
      context: { path: '/shop', sessionId: 's', locale: 'de' },
    })
    expect(german.data.decision.experience.name).toBe('C')
    const unknown = await decide(owner.tenantId, {
      placement: 'hero',
      context: { path: '/shop', sessionId: 's' },
    })
    expect(unknown.data.decision.experience.name).not.toBe('C')
  })

  it('answers 404 when nothing is eligible, the placement is paused, missing or another tenant’s', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const placement = await abPlacement(owner)
    await createPlacement(other, {
      slug: 'theirs',
      name: 'Theirs',
      experiences: [{ name: 'X', status: 'active', contentType: 'text' }],
    })
    const cases = [
      { placement: 'hero', context: { path: '/blog', sessionId: 's' } },
      { placement: 'missing', context: { path: '/shop', sessionId: 's' } },
      { placement: 'theirs', context: { path: '/', sessionId: 's' } },
    ]
    for (const body of cases) {
      const response = await decide(owner.tenantId, body)
      expect(response.statusCode, body.placement).toBe(404)
      expect(response.data).toEqual({ error: 'NotFound', message: 'Eligible experience not found.' })
    }
    await call(ctx.app, 'PUT', `/api/placements/${placement.id}`, {
      token: owner.token,
      body: { status: 'paused' },
    })
    expect(
      (await decide(owner.tenantId, { placement: 'hero', context: { path: '/shop', sessionId: 's' } }))
        .statusCode,
    ).toBe(404)
  })

  it('falls back to the fallback experience when nothing is eligible', async () => {
    const owner = await seedTenant(ctx.db)
    const placement = await abPlacement(owner)
    const fallback = placement.experiences.find((experience) => experience.name === 'A')
    await call(ctx.app, 'PUT', `/api/placements/${placement.id}`, {
      token: owner.token,
      body: { settings: { fallbackExperienceId: fallback?.id } },
    })
    const response = await decide(owner.tenantId, {
      placement: 'hero',
      context: { path: '/blog', sessionId: 's' },
    })
    expect(response.data.decision).toMatchObject({
      reason: 'fallback',
      experience: { id: fallback?.id },
      tracking: { version: 2 },
    })
  })

  it('rejects invalid bodies with 400', async () => {
    const owner = await seedTenant(ctx.db)
    for (const body of [
      {},
      { placement: 'hero' },
      { placement: 'hero', context: { path: '/x' } },
      { placement: 'hero', context: { path: 'x', sessionId: 's' } },
      { placement: 'Bad Slug', context: { path: '/', sessionId: 's' } },
      { placement: 'hero', context: { path: '/', sessionId: 's', device: 'watch' } },
      { placement: 'hero', context: { path: '/', sessionId: 's', seenCaps: { a: { hour: 1 } } } },
      { placement: 'hero', context: { path: '/', sessionId: 's', extra: 1 } },
    ]) {
      const response = await decide(owner.tenantId, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
    }
  })

  it('decides several placements in one batch, leaving out those with nothing eligible', async () => {
    const owner = await seedTenant(ctx.db)
    await abPlacement(owner)
    await createPlacement(owner, {
      slug: 'footer',
      name: 'Footer',
      experiences: [{ name: 'F', status: 'active', contentType: 'html' }],
    })
    const response = await call(ctx.app, 'POST', '/api/public/placements/decide-batch', {
      headers: { 'x-tenant-id': owner.tenantId },
      body: { placements: ['hero', 'footer', 'missing'], context: { path: '/about', sessionId: 's' } },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(Object.keys(response.data.decisions)).toEqual(['footer'])
    expect(response.data.decisions.footer.experience.name).toBe('F')
  })
})

describe('POST /api/public/placements/events/batch', () => {
  it('stores valid events with a hashed IP and redacted form data, counts them, and lists rejected ones', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const placement = await abPlacement(owner)
    const foreign = await createPlacement(other, {
      slug: 'x',
      name: 'X',
      experiences: [{ name: 'X', contentType: 'text' }],
    })
    const [a, b] = placement.experiences
    const event = (experienceId: string | undefined, type: string, extra: Record<string, unknown> = {}) => ({
      placementId: placement.id,
      experienceId,
      type,
      sessionId: 's-1',
      path: '/shop',
      ...extra,
    })
    const response = await call(ctx.app, 'POST', '/api/public/placements/events/batch', {
      headers: { 'x-tenant-id': owner.tenantId },
      remoteAddress: '203.0.113.9',
      body: {
        events: [
          event(a?.id, 'impression'),
          event(a?.id, 'click', { clickPosition: { x: 1, y: 2 } }),
          event(b?.id, 'submit', {
            formData: { email: 'a@b.example', Password: 'hunter2', card: { cvv: '123' } },
          }),
          event(foreign.experiences[0]?.id, 'impression'),
          { ...event(b?.id, 'view'), placementId: foreign.id },
        ],
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.data).toEqual({
      stored: 3,
      rejected: [
        { index: 3, code: 'unknown_experience' },
        { index: 4, code: 'unknown_placement' },
      ],
    })
    const rows = await ctx.db
      .select()
      .from(placementEvents)
      .where(and(eq(placementEvents.tenantId, owner.tenantId), eq(placementEvents.type, 'submit')))
    expect(rows[0]?.data).toEqual({
      formData: { email: 'a@b.example', Password: '[redacted]', card: { cvv: '[redacted]' } },
    })
    expect(rows[0]?.ipHash).toMatch(/^[0-9a-f]{32}$/)
    expect(JSON.stringify(rows)).not.toContain('203.0.113.9')
    const stats = await call(ctx.app, 'GET', `/api/placements/${placement.id}/stats`, { token: owner.token })
    expect(stats.data.totals).toMatchObject({ impressions: 1, clicks: 1, submits: 1, views: 0 })
    expect(
      stats.data.experiences.find((entry: { experienceId: string }) => entry.experienceId === a?.id).days,
    ).toEqual([
      expect.objectContaining({ day: new Date().toISOString().slice(0, 10), impressions: 1, clicks: 1 }),
    ])
  })

  it('rejects empty, oversized and malformed batches with 400 and stores nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const placement = await abPlacement(owner)
    const one = {
      placementId: placement.id,
      experienceId: placement.experiences[0]?.id,
      type: 'view',
      sessionId: 's',
      path: '/',
    }
    for (const events of [
      [],
      Array(101).fill(one),
      [{ ...one, type: 'hover' }],
      [{ ...one, sessionId: '' }],
      [{ ...one, placementId: 'x' }],
    ]) {
      const response = await call(ctx.app, 'POST', '/api/public/placements/events/batch', {
        headers: { 'x-tenant-id': owner.tenantId },
        body: { events },
      })
      expect(response.statusCode).toBe(400)
    }
    const rows = await ctx.db
      .select()
      .from(placementEvents)
      .where(eq(placementEvents.tenantId, owner.tenantId))
    expect(rows).toEqual([])
  })
})
