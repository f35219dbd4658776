import { describe, expect, it } from 'vitest'
import {
  call,
  seedApiToken,
  seedMember,
  seedTenant,
  seedUser,
  TEST_PASSWORD,
  useTestContext,
} from '../../../test/helpers.js'

const ctx = useTestContext()

/** The tenant's activities once the relay has handed them over (asked to before each look), or after 5 s. */
async function activitiesOf(token: string, query = '', atLeast = 1) {
  const deadline = Date.now() + 5000
  for (;;) {
    await ctx.app.folio.platform.relay.wake()
    const response = await call(ctx.app, 'GET', `/api/activities${query}`, { token })
    expect(response.statusCode).toBe(200)
    if (response.data.activities.length >= atLeast || Date.now() > deadline) return response.data
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('GET /api/activities', () => {
  it('says a new member joined the tenant, not "joined the member"', async () => {
    const user = await seedUser(ctx.db)
    const created = await call(ctx.app, 'POST', '/api/tenants', {
      token: user.token,
      body: { name: `Joined ${user.userId}` },
    })
    expect(created.statusCode, created.body).toBe(201)
    const page = await activitiesOf(user.token, '?action=member.joined')
    expect(page.activities.map((activity: { description: string }) => activity.description)).toEqual([
      'Test User joined the tenant',
    ])
  })

  it('shows every family’s writes, newest first, with the actor, a sentence, metadata and the address', async () => {
    const owner = await seedTenant(ctx.db)
    const token = owner.token
    const category = await call(ctx.app, 'POST', '/api/categories', { token, body: { name: 'News' } })
    const tag = await call(ctx.app, 'POST', '/api/tags', { token, body: { title: 'Local' } })
    const media = await call(ctx.app, 'POST', '/api/media/external', {
      token,
      body: { url: 'https://cdn.example.com/a.jpg', title: 'Photo' },
    })
    const content = await call(ctx.app, 'POST', '/api/contents', {
      token,
      remoteAddress: '203.0.113.9',
      body: { title: 'Hello', status: 'published', categories: [category.data.category.id] },
    })
    expect(content.statusCode).toBe(200)
    const id = content.data.content.id
    await call(ctx.app, 'PUT', `/api/contents/${id}`, { token, body: { summary: 'Short' } })
    await call(ctx.app, 'DELETE', `/api/contents/${id}`, { token })
    const apiToken = await call(ctx.app, 'POST', '/api/api-tokens', { token, body: { name: 'Website' } })
    await call(ctx.app, 'DELETE', `/api/api-tokens/${apiToken.data.token.id}`, { token })
    await call(ctx.app, 'PUT', '/api/users/me', { token, body: { firstName: 'Ada' } })
    expect([category, tag, media, apiToken].map((response) => response.statusCode)).toEqual([
      200, 200, 200, 201,
    ])

    const page = await activitiesOf(token, '?limit=100', 10)
    const actions = page.activities.map((activity: { action: string }) => activity.action)
    expect(actions).toEqual([
      'user.profile-updated',
      'api-token.deleted',
      'api-token.created',
      'content.deleted',
      'content.updated',
      'content.published',
      'content.created',
      'media.created',
      'tag.created',
      'category.created',
    ])
    const created = page.activities.find(
      (activity: { action: string }) => activity.action === 'content.created',
    )
    expect(created).toMatchObject({
      user: { id: owner.userId, email: owner.email },
      actor: { kind: 'user', id: owner.userId },
      description: expect.stringMatching(/created the content “Hello”$/),
      metadata: expect.objectContaining({ id, title: 'Hello', status: 'published' }),
      ipAddress: '203.0.113.9',
    })
    expect(page.pagination).toEqual({ page: 1, limit: 100, total: 10, totalPages: 1 })

    const filtered = await activitiesOf(token, '?action=content.created')
    expect(filtered.activities.map((activity: { metadata: { id: string } }) => activity.metadata.id)).toEqual(
      [id],
    )
    const byUser = await activitiesOf(token, `?userId=${owner.userId}&limit=2&page=2`)
    expect(byUser.pagination).toEqual({ page: 2, limit: 2, total: 10, totalPages: 5 })
    expect(byUser.activities).toHaveLength(2)
  })

  it('never shows a secret: no token plaintext, hash or password', async () => {
    const owner = await seedTenant(ctx.db)
    const created = await call(ctx.app, 'POST', '/api/api-tokens', {
      token: owner.token,
      body: { name: 'CI' },
    })
    const plaintext: string = created.data.plaintext
    await call(ctx.app, 'PUT', '/api/users/me/password', {
      token: owner.token,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'another secret password' },
    })
    const after = await call(ctx.app, 'POST', '/api/auth/login', {
      body: { email: owner.email, password: 'another secret password', tenantId: owner.tenantId },
    })
    const page = await activitiesOf(after.data.token, '', 2)
    const text = JSON.stringify(page)
    expect(page.activities.map((activity: { action: string }) => activity.action)).toEqual([
      'user.password-changed',
      'api-token.created',
    ])
    for (const secret of [plaintext, plaintext.slice(6), TEST_PASSWORD, 'another secret password']) {
      expect(text).not.toContain(secret)
    }
  })

  it('shows an API token’s writes under its name, and only the caller’s tenant', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const writer = await seedApiToken(ctx.db, owner.tenantId, { role: 'editor', scopes: ['read', 'write'] })
    await call(ctx.app, 'POST', '/api/tags', { token: writer, body: { title: 'By token' } })
    await call(ctx.app, 'POST', '/api/tags', { token: other.token, body: { title: 'Elsewhere' } })
    const page = await activitiesOf(owner.token)
    expect(page.activities).toHaveLength(1)
    expect(page.activities[0]).toMatchObject({
      action: 'tag.created',
      user: null,
      actor: { kind: 'apiToken', name: 'test token' },
    })
    // Another tenant's id in the query is refused for a member of one tenant only.
    const foreign = await call(ctx.app, 'GET', `/api/activities?tenantId=${other.tenantId}`, {
      token: owner.token,
    })
    expect(foreign.statusCode).toBe(403)
  })

  it('refuses bad queries (400), anonymous callers (401) and roles without activities:view (403)', async () => {
    const owner = await seedTenant(ctx.db)
    for (const query of [
      'limit=0',
      'limit=101',
      'page=0',
      'action=Content',
      'action=content',
      'userId=xyz',
      'other=1',
    ]) {
      const response = await call(ctx.app, 'GET', `/api/activities?${query}`, { token: owner.token })
      expect(response.statusCode, query).toBe(400)
    }
    expect((await call(ctx.app, 'GET', '/api/activities')).statusCode).toBe(401)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const refused = await call(ctx.app, 'GET', '/api/activities', { token: editor.token })
    expect(refused.statusCode).toBe(403)
  })
})

describe('GET /api/activities/recent', () => {
  it('lists the newest activities without addresses, and needs tenantId (limit 1..50)', async () => {
    const owner = await seedTenant(ctx.db)
    for (const title of ['One', 'Two', 'Three']) {
      await call(ctx.app, 'POST', '/api/tags', { token: owner.token, body: { title } })
    }
    await activitiesOf(owner.token, '', 3)
    const recent = await call(ctx.app, 'GET', `/api/activities/recent?tenantId=${owner.tenantId}&limit=2`, {
      token: owner.token,
    })
    expect(recent.statusCode).toBe(200)
    expect(
      recent.data.activities.map((activity: { metadata: { title: string } }) => activity.metadata.title),
    ).toEqual(['Three', 'Two'])
    expect(recent.data.activities[0]).not.toHaveProperty('ipAddress')
    for (const query of [
      '',
      'limit=5',
      `tenantId=${owner.tenantId}&limit=51`,
      `tenantId=${owner.tenantId}&limit=0`,
    ]) {
      const response = await call(ctx.app, 'GET', `/api/activities/recent?${query}`, { token: owner.token })
      expect(response.statusCode, query).toBe(400)
    }
  })
})
