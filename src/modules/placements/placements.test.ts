import { describe, expect, it } from 'vitest'
import {
  call,
  type SeededMember,
  seedApiToken,
  seedMember,
  seedTenant,
  useTestContext,
} from '../../../test/helpers.js'
import { newId } from '../../lib/ids.js'

const ctx = useTestContext()

async function createPlacement(owner: SeededMember, body: Record<string, unknown>) {
  const response = await call(ctx.app, 'POST', '/api/placements', { token: owner.token, body })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.placement
}

const sample = {
  slug: 'promo',
  name: 'Promo',
  timezone: 'Europe/Istanbul',
  experiences: [
    { name: 'Live', status: 'active', contentType: 'text', rules: { devices: ['mobile'] } },
    { name: 'Later', contentType: 'image', payload: { imageUrl: 'https://cdn.example/a.png' } },
  ],
}

describe('placements admin', () => {
  it('creates with defaults, reads, updates (bumping the version) and deletes', async () => {
    const owner = await seedTenant(ctx.db)
    const placement = await createPlacement(owner, sample)
    expect(placement).toMatchObject({
      slug: 'promo',
      name: 'Promo',
      description: '',
      category: 'other',
      status: 'active',
      timezone: 'Europe/Istanbul',
      defaultRules: {},
      settings: {},
      version: 1,
    })
    expect(placement.experiences).toMatchObject([
      {
        name: 'Live',
        status: 'active',
        priority: 50,
        weight: 100,
        contentType: 'text',
        rules: { devices: ['mobile'] },
      },
      { name: 'Later', status: 'draft', payload: { imageUrl: 'https://cdn.example/a.png' } },
    ])
    const got = await call(ctx.app, 'GET', `/api/placements/${placement.id}`, { token: owner.token })
    expect(got.data.placement).toEqual(placement)
    const updated = await call(ctx.app, 'PUT', `/api/placements/${placement.id}`, {
      token: owner.token,
      body: { name: 'Promo 2', category: 'popup' },
    })
    expect(updated.data.placement).toMatchObject({ name: 'Promo 2', category: 'popup', version: 2 })
    const list = await call(ctx.app, 'GET', '/api/placements?category=popup', { token: owner.token })
    expect(list.data.placements.map((p: { slug: string }) => p.slug)).toEqual(['promo'])
    expect(list.data.pagination).toEqual({ page: 1, limit: 20, total: 1, pages: 1 })
    expect(
      (await call(ctx.app, 'DELETE', `/api/placements/${placement.id}`, { token: owner.token })).data,
    ).toEqual({ success: true })
    expect(
      (await call(ctx.app, 'GET', `/api/placements/${placement.id}`, { token: owner.token })).statusCode,
    ).toBe(404)
  })

  it('rejects invalid input with 400 and a taken slug with 409', async () => {
    const owner = await seedTenant(ctx.db)
    const placement = await createPlacement(owner, sample)
    for (const body of [
      {},
      { slug: 'Bad Slug', name: 'A' },
      { slug: 'a', name: '' },
      { slug: 'a', name: 'A', timezone: 'Mars/Olympus' },
      { slug: 'a', name: 'A', category: 'modal' },
      { slug: 'a', name: 'A', experiences: [{ name: 'X', contentType: 'text', weight: 101 }] },
      {
        slug: 'a',
        name: 'A',
        experiences: [{ name: 'X', contentType: 'text', rules: { customScript: 'x' } }],
      },
      { slug: 'a', name: 'A', defaultRules: { schedule: { hoursOfDay: [24] } } },
      { slug: 'a', name: 'A', experiences: Array(21).fill({ name: 'X', contentType: 'text' }) },
    ]) {
      const response = await call(ctx.app, 'POST', '/api/placements', { token: owner.token, body })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
    const taken = await call(ctx.app, 'POST', '/api/placements', {
      token: owner.token,
      body: { slug: 'promo', name: 'X' },
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.data.error).toBe('SlugConflict')
    const fallback = await call(ctx.app, 'PUT', `/api/placements/${placement.id}`, {
      token: owner.token,
      body: { settings: { fallbackExperienceId: newId() } },
    })
    expect(fallback.statusCode).toBe(400)
  })

  it('adds, updates and deletes experiences, bumping the version each time', async () => {
    const owner = await seedTenant(ctx.db)
    const placement = await createPlacement(owner, sample)
    const added = await call(ctx.app, 'POST', `/api/placements/${placement.id}/experiences`, {
      token: owner.token,
      body: { name: 'New', contentType: 'html', payload: { html: '<b>x</b>' } },
    })
    expect(added.data.experience).toMatchObject({ name: 'New', status: 'draft', contentType: 'html' })
    const id = added.data.experience.id
    const updated = await call(ctx.app, 'PUT', `/api/placements/${placement.id}/experiences/${id}`, {
      token: owner.token,
      body: { status: 'active', weight: 0 },
    })
    expect(updated.data.experience).toMatchObject({ status: 'active', weight: 0 })
    expect(
      (
        await call(ctx.app, 'DELETE', `/api/placements/${placement.id}/experiences/${id}`, {
          token: owner.token,
        })
      ).data,
    ).toEqual({
      success: true,
    })
    const after = await call(ctx.app, 'GET', `/api/placements/${placement.id}`, { token: owner.token })
    expect(after.data.placement.version).toBe(4)
    expect(after.data.placement.experiences).toHaveLength(2)
    const missing = await call(ctx.app, 'PUT', `/api/placements/${placement.id}/experiences/${id}`, {
      token: owner.token,
      body: { name: 'X' },
    })
    expect(missing.statusCode).toBe(404)
  })

  it('archives and duplicates', async () => {
    const owner = await seedTenant(ctx.db)
    const placement = await createPlacement(owner, sample)
    const archived = await call(ctx.app, 'POST', `/api/placements/${placement.id}/archive`, {
      token: owner.token,
    })
    expect(archived.data.placement.status).toBe('archived')
    const copy = await call(ctx.app, 'POST', `/api/placements/${placement.id}/duplicate`, {
      token: owner.token,
    })
    expect(copy.data.placement).toMatchObject({
      slug: 'promo-copy',
      name: 'Promo (copy)',
      status: 'paused',
      version: 1,
    })
    expect(copy.data.placement.experiences.map((e: { name: string }) => e.name)).toEqual(['Live', 'Later'])
    const second = await call(ctx.app, 'POST', `/api/placements/${placement.id}/duplicate`, {
      token: owner.token,
    })
    expect(second.data.placement.slug).toBe('promo-copy-2')
  })

  it('explains a decision with stable rejection codes', async () => {
    const owner = await seedTenant(ctx.db)
    const placement = await createPlacement(owner, sample)
    const response = await call(ctx.app, 'POST', '/api/placements/debug-decision', {
      token: owner.token,
      body: { placement: 'promo', context: { path: '/', sessionId: 's' } },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.data.selected).toBeNull()
    expect(response.data.evaluated).toEqual([
      {
        experienceId: placement.experiences[0].id,
        name: 'Live',
        eligible: false,
        rejections: [{ code: 'device_mismatch', message: 'context.device is missing' }],
      },
      {
        experienceId: placement.experiences[1].id,
        name: 'Later',
        eligible: false,
        rejections: [{ code: 'experience_inactive', message: 'status is draft' }],
      },
    ])
    const mobile = await call(ctx.app, 'POST', '/api/placements/debug-decision', {
      token: owner.token,
      body: { placement: 'promo', context: { path: '/', sessionId: 's', device: 'mobile' } },
    })
    expect(mobile.data.selected).toEqual({ experienceId: placement.experiences[0].id, reason: 'eligible' })
    const unknown = await call(ctx.app, 'POST', '/api/placements/debug-decision', {
      token: owner.token,
      body: { placement: 'nope', context: { path: '/', sessionId: 's' } },
    })
    expect(unknown.statusCode).toBe(404)
  })

  it('gates by placements:* (401, 403) and answers 404 for another tenant’s ids', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const viewer = await seedMember(ctx.db, owner.tenantId, 'viewer')
    const readToken = await seedApiToken(ctx.db, owner.tenantId, { role: 'editor', scopes: ['read'] })
    const foreign = await createPlacement(other, sample)
    const experienceId = foreign.experiences[0].id
    expect((await call(ctx.app, 'GET', '/api/placements')).statusCode).toBe(401)
    for (const token of [viewer.token, readToken]) {
      const response = await call(ctx.app, 'POST', '/api/placements', {
        token,
        body: { slug: 'x', name: 'X' },
      })
      expect(response.statusCode).toBe(403)
    }
    expect((await call(ctx.app, 'GET', '/api/placements', { token: viewer.token })).statusCode).toBe(200)
    for (const id of [newId(), foreign.id]) {
      for (const [method, url, body] of [
        ['GET', `/api/placements/${id}`, undefined],
        ['PUT', `/api/placements/${id}`, { name: 'Mine' }],
        ['DELETE', `/api/placements/${id}`, undefined],
        ['POST', `/api/placements/${id}/archive`, undefined],
        ['POST', `/api/placements/${id}/duplicate`, undefined],
        ['GET', `/api/placements/${id}/stats`, undefined],
        ['POST', `/api/placements/${id}/experiences`, { name: 'X', contentType: 'text' }],
        ['PUT', `/api/placements/${id}/experiences/${experienceId}`, { name: 'X' }],
        ['DELETE', `/api/placements/${id}/experiences/${experienceId}`, undefined],
      ] as const) {
        const response = await call(ctx.app, method, url, { token: owner.token, body })
        expect(response.statusCode, `${method} ${url}`).toBe(404)
        expect(response.data).toEqual({ error: 'NotFound', message: 'Placement not found.' })
      }
    }
    const debug = await call(ctx.app, 'POST', '/api/placements/debug-decision', {
      token: owner.token,
      body: { placement: 'promo', context: { path: '/', sessionId: 's' } },
    })
    expect(debug.statusCode).toBe(404)
    const stats = await call(
      ctx.app,
      'GET',
      `/api/placements/${foreign.id}/stats?from=2026-02-01&to=2026-01-01`,
      { token: other.token },
    )
    expect(stats.statusCode).toBe(400)
  })
})
