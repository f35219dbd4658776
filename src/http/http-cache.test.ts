import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createCatalogue, createEntry, publicCall } from '../../test/collection-fixtures.js'
import { createContent } from '../../test/content-fixtures.js'
import { createForm } from '../../test/form-fixtures.js'
import { call, type SeededMember, seedApiToken, seedTenant, useTestContext } from '../../test/helpers.js'
import { menuFixtures } from '../../test/menu-fixtures.js'
import { usageOf } from '../../test/quota-fixtures.js'
import { putSettings } from '../../test/settings-fixtures.js'
import { noneMatch, strongEtag } from './http-cache.js'

const ctx = useTestContext()
const { createMenu, addItem } = menuFixtures(ctx)

const PUBLIC_DEFAULT = 'public, max-age=60, stale-while-revalidate=300'

/** A tenant with a books collection holding Dune and Ariel (published) and a draft. */
async function catalogue(owner: SeededMember) {
  await createCatalogue(ctx, owner.token)
  const dune = await createEntry(ctx, owner.token, 'books', { status: 'published', data: { title: 'Dune' } })
  const ariel = await createEntry(ctx, owner.token, 'books', {
    status: 'published',
    data: { title: 'Ariel' },
  })
  await createEntry(ctx, owner.token, 'books', { status: 'draft', data: { title: 'Draft' } })
  return { dune, ariel }
}

describe('strong ETags and If-None-Match (unit)', () => {
  it('makes a quoted 22-character base64url digest of the body, the same for the same bytes', () => {
    const etag = strongEtag('{"a":1}')
    const digest = createHash('sha256').update('{"a":1}').digest('base64url')
    expect(etag).toBe(`"${digest.slice(0, 22)}"`)
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/)
    expect(strongEtag(Buffer.from('{"a":1}'))).toBe(etag)
    expect(strongEtag('{"a":2}')).not.toBe(etag)
  })

  it('compares weakly over a list, with * matching any', () => {
    const etag = '"abc"'
    expect(noneMatch(undefined, etag)).toBe(false)
    expect(noneMatch('"abc"', etag)).toBe(true)
    expect(noneMatch('W/"abc"', etag)).toBe(true)
    expect(noneMatch('"x", W/"abc" ,"y"', etag)).toBe(true)
    expect(noneMatch('"x", "y"', etag)).toBe(false)
    expect(noneMatch(' * ', etag)).toBe(true)
    expect(noneMatch('"abcd"', etag)).toBe(false)
    expect(noneMatch('abc', etag)).toBe(false)
  })
})

describe('public GET answers', () => {
  it('carry a strong ETag, the default Cache-Control, an exact Vary and the surrogate keys of the records', async () => {
    const owner = await seedTenant(ctx.db)
    const { dune, ariel } = await catalogue(owner)
    const list = await publicCall(ctx, 'GET', '/collections/books', owner.tenantId)
    expect(list.statusCode, list.body).toBe(200)
    expect(list.headers.etag).toBe(strongEtag(list.body))
    expect(list.headers['cache-control']).toBe(PUBLIC_DEFAULT)
    expect(list.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token, Accept-Language')
    const keys = [
      `t:${owner.tenantId}`,
      `collection:${owner.tenantId}:books`,
      `collection-list:${owner.tenantId}:books`,
      `entry:${ariel.id}`,
      `entry:${dune.id}`,
    ]
    expect(list.headers['surrogate-key']).toBe(keys.join(' '))
    expect(list.headers['cache-tag']).toBe(keys.join(','))

    const one = await publicCall(ctx, 'GET', `/collections/books/${dune.slug}`, owner.tenantId)
    expect(one.statusCode).toBe(200)
    expect(one.headers['surrogate-key']).toBe(
      `t:${owner.tenantId} collection:${owner.tenantId}:books entry:${dune.id}`,
    )
    expect(one.headers['cache-control']).toBe(PUBLIC_DEFAULT)
  })

  it('answer 304 without a body to a matching If-None-Match, and 200 again once a write changed the answer', async () => {
    const owner = await seedTenant(ctx.db)
    const { dune } = await catalogue(owner)
    const first = await publicCall(ctx, 'GET', '/collections/books', owner.tenantId)
    const etag = String(first.headers.etag)
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await publicCall(ctx, 'GET', '/collections/books', owner.tenantId, {
        headers: { 'if-none-match': ifNoneMatch },
      })
      expect(again.statusCode, ifNoneMatch).toBe(304)
      expect(again.body).toBe('')
      expect(again.headers.etag).toBe(etag)
      expect(again.headers['cache-control']).toBe(PUBLIC_DEFAULT)
      expect(again.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token, Accept-Language')
      expect(again.headers['surrogate-key']).toBe(first.headers['surrogate-key'])
      expect(again.headers['content-type']).toBeUndefined()
      expect(again.headers['content-length']).toBeUndefined()
    }
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: '/api/public/collections/books',
      headers: { 'x-tenant-id': owner.tenantId, 'if-none-match': etag },
    })
    expect(head.statusCode).toBe(304)
    expect(head.headers.etag).toBe(etag)

    const changed = await call(ctx.app, 'PUT', `/api/collections/books/entries/${dune.id}`, {
      token: owner.token,
      body: { data: { title: 'Dune Messiah' } },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const stale = await publicCall(ctx, 'GET', '/collections/books', owner.tenantId, {
      headers: { 'if-none-match': etag },
    })
    expect(stale.statusCode).toBe(200)
    expect(stale.headers.etag).not.toBe(etag)
    expect(stale.headers.etag).toBe(strongEtag(stale.body))
    expect(stale.data.entries.map((entry: { data: { title: string } }) => entry.data.title)).toEqual([
      'Ariel',
      'Dune Messiah',
    ])
  })

  it('name the tenant’s contents on content answers, and the content on a slug read', async () => {
    const owner = await seedTenant(ctx.db)
    const post = await createContent(ctx, owner.token, { title: 'Keyed', slug: 'keyed', status: 'published' })
    for (const path of ['/contents', '/contents/tree?type=post']) {
      const response = await publicCall(ctx, 'GET', path, owner.tenantId)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['surrogate-key']).toBe(`t:${owner.tenantId} contents:${owner.tenantId}`)
    }
    const one = await publicCall(ctx, 'GET', '/contents/slug/keyed', owner.tenantId)
    expect(one.statusCode, one.body).toBe(200)
    expect(one.headers['surrogate-key']).toBe(
      `t:${owner.tenantId} content:${post.id} contents:${owner.tenantId}`,
    )
    expect(one.headers['cache-tag']).toBe(`t:${owner.tenantId},content:${post.id},contents:${owner.tenantId}`)
  })

  it('name the menu and the tenant’s menus on menu answers, vary localized reads by Accept-Language, and store no public form', async () => {
    const owner = await seedTenant(ctx.db)
    const menu = await createMenu(owner.token, { name: 'Main', status: 'active', location: 'footer' })
    const post = await createContent(ctx, owner.token, { title: 'Hello', status: 'published' })
    await addItem(owner.token, menu.id, { title: 'Hello', type: 'content', referenceId: post.id })
    for (const path of [`/menus/slug/${menu.slug}`, '/menus/location/footer']) {
      const response = await publicCall(ctx, 'GET', path, owner.tenantId)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.headers['surrogate-key']).toBe(
        `t:${owner.tenantId} menu:${menu.id} menus:${owner.tenantId}`,
      )
      expect(response.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token, Accept-Language')
    }
    const form = await createForm(ctx.app, owner.token, { title: 'Contact' })
    const read = await publicCall(ctx, 'GET', `/forms/${form.slug}`, owner.tenantId)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token, Accept-Language')
    // The reader's own form token: no cache keeps the answer, so it names no record to purge.
    expect(read.headers['cache-control']).toBe('no-store')
    expect(read.headers['surrogate-key']).toBeUndefined()
    expect(read.headers.etag).toBeUndefined()
  })

  it('expose the ETag to allowed browser origins and let them send If-None-Match', async () => {
    const owner = await seedTenant(ctx.db)
    await putSettings(ctx, owner, { edgeGateway: { allowedOrigins: ['https://www.example.com'] } })
    await catalogue(owner)
    const origin = 'https://www.example.com'
    const response = await publicCall(ctx, 'GET', '/collections/books', owner.tenantId, {
      headers: { origin },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['access-control-allow-origin']).toBe(origin)
    expect(String(response.headers['access-control-expose-headers']).split(',')).toContain('ETag')
    expect(response.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token, Accept-Language')
    const preflight = await publicCall(ctx, 'OPTIONS', '/collections/books', owner.tenantId, {
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-tenant-id, if-none-match',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('If-None-Match')
    expect(preflight.headers['cache-control']).toBeUndefined()
    const refused = await publicCall(ctx, 'OPTIONS', '/collections/books', owner.tenantId, {
      headers: {
        origin: 'https://evil.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-tenant-id, if-none-match',
      },
    })
    expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    expect(refused.headers['access-control-allow-headers']).toBeUndefined()
  })

  it('follow the tenant’s own max-age and stale-while-revalidate, never another tenant’s', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    await catalogue(owner)
    await catalogue(other)
    const saved = await putSettings(ctx, owner, {
      edgeGateway: { cacheMaxAgeSeconds: 600, staleWhileRevalidateSeconds: 0 },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.data.settings.edgeGateway).toMatchObject({
      cacheMaxAgeSeconds: 600,
      staleWhileRevalidateSeconds: 0,
    })
    const own = await publicCall(ctx, 'GET', '/collections/books', owner.tenantId)
    expect(own.headers['cache-control']).toBe('public, max-age=600, stale-while-revalidate=0')
    const foreign = await publicCall(ctx, 'GET', '/collections/books', other.tenantId)
    expect(foreign.headers['cache-control']).toBe(PUBLIC_DEFAULT)
    expect(foreign.headers['surrogate-key']).toContain(`t:${other.tenantId} `)
    expect(foreign.headers['surrogate-key']).not.toContain(owner.tenantId)
  })

  it('refuses caching settings beyond their bounds with 400 naming the member', async () => {
    const owner = await seedTenant(ctx.db)
    for (const [edgeGateway, member] of [
      [{ cacheMaxAgeSeconds: 86_401 }, 'cacheMaxAgeSeconds'],
      [{ cacheMaxAgeSeconds: -1 }, 'cacheMaxAgeSeconds'],
      [{ cacheMaxAgeSeconds: 1.5 }, 'cacheMaxAgeSeconds'],
      [{ staleWhileRevalidateSeconds: 604_801 }, 'staleWhileRevalidateSeconds'],
      [{ staleWhileRevalidateSeconds: null }, 'staleWhileRevalidateSeconds'],
    ] as const) {
      const response = await putSettings(ctx, owner, { edgeGateway })
      expect(response.statusCode, member).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
      expect(JSON.stringify(response.data.details), member).toContain(member)
    }
    const bounds = await putSettings(ctx, owner, {
      edgeGateway: { cacheMaxAgeSeconds: 86_400, staleWhileRevalidateSeconds: 604_800 },
    })
    expect(bounds.statusCode, bounds.body).toBe(200)
    const response = await publicCall(ctx, 'GET', '/menus/slug/none', owner.tenantId)
    expect(response.statusCode).toBe(404)
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('leave refusals of the edge policy and other tenants’ records uncacheable', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const { dune } = await catalogue(owner)
    await putSettings(ctx, other, { edgeGateway: { allowedOrigins: ['https://other.example.com'] } })
    await createCatalogue(ctx, other.token)
    const foreign = await publicCall(ctx, 'GET', `/collections/books/${dune.slug}`, other.tenantId)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.headers['cache-control']).toBe('no-store')
    expect(foreign.headers.etag).toBeUndefined()
    expect(foreign.headers['surrogate-key']).toBeUndefined()
    const origin = await publicCall(ctx, 'GET', '/collections/books', other.tenantId, {
      headers: { origin: 'https://evil.example.com' },
    })
    expect(origin.statusCode).toBe(403)
    expect(origin.headers['cache-control']).toBe('no-store')
    await putSettings(ctx, other, { edgeGateway: { publicReadEnabled: false } })
    const off = await publicCall(ctx, 'GET', '/collections/books', other.tenantId)
    expect(off.statusCode).toBe(403)
    expect(off.headers['cache-control']).toBe('no-store')
    expect(off.headers.vary).toBe('X-Tenant-ID, Origin, X-Preview-Token, Accept-Language')
    const limit = await publicCall(ctx, 'GET', '/collections/books?limit=201', owner.tenantId)
    expect(limit.statusCode).toBe(400)
    expect(limit.headers['cache-control']).toBe('no-store')
    const query = await publicCall(ctx, 'POST', '/queries/run', owner.tenantId, {
      body: { collection: 'books' },
    })
    expect(query.statusCode, query.body).toBe(200)
    expect(query.headers['cache-control']).toBe('no-store')
    expect(query.headers.etag).toBeUndefined()
  })

  it('count a 304 in the tenant’s monthly quota like the 200 it stands for', async () => {
    const owner = await seedTenant(ctx.db)
    await catalogue(owner)
    const token = await seedApiToken(ctx.db, owner.tenantId)
    const first = await publicCall(ctx, 'GET', '/collections/books', owner.tenantId)
    const before = await usageOf(ctx, token, 'public')
    const revalidated = await publicCall(ctx, 'GET', '/collections/books', owner.tenantId, {
      headers: { 'if-none-match': String(first.headers.etag) },
    })
    expect(revalidated.statusCode).toBe(304)
    // The limits read itself is not metered: the difference is the 304.
    expect(await usageOf(ctx, token, 'public')).toBe(before + 1)
  })
})

describe('tenant GET answers (session or API token)', () => {
  it('carry a strong ETag, private, no-cache, the credential headers in Vary, and no surrogate keys', async () => {
    const owner = await seedTenant(ctx.db)
    const token = await seedApiToken(ctx.db, owner.tenantId)
    await createContent(ctx, owner.token, { title: 'Hello', status: 'published' })
    const list = await call(ctx.app, 'GET', '/api/contents', { token })
    expect(list.statusCode, list.body).toBe(200)
    expect(list.headers.etag).toBe(strongEtag(list.body))
    expect(list.headers['cache-control']).toBe('private, no-cache')
    expect(list.headers.vary).toBe('Authorization, Cookie, X-API-Key, X-Tenant-ID')
    expect(list.headers['surrogate-key']).toBeUndefined()
    expect(list.headers['cache-tag']).toBeUndefined()
    const again = await call(ctx.app, 'GET', '/api/contents', {
      headers: { 'x-api-key': token, 'if-none-match': String(list.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers['cache-control']).toBe('private, no-cache')
    const session = await call(ctx.app, 'GET', '/api/contents', {
      token: owner.token,
      headers: { 'if-none-match': String(list.headers.etag) },
    })
    expect(session.statusCode).toBe(304)
  })

  it('answer writes, errors and routes that chose their own caching as before', async () => {
    const owner = await seedTenant(ctx.db)
    const created = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'New', status: 'draft' },
    })
    expect(created.statusCode, created.body).toBe(200)
    expect(created.headers['cache-control']).toBe('no-store')
    expect(created.headers.etag).toBeUndefined()
    const anonymous = await call(ctx.app, 'GET', '/api/contents')
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.headers['cache-control']).toBe('no-store')
    expect(anonymous.headers.etag).toBeUndefined()
    // A user route (no tenant) keeps its own no-store and gets no ETag.
    const session = await call(ctx.app, 'GET', '/api/auth/session', { token: owner.token })
    expect(session.statusCode).toBe(200)
    expect(session.headers['cache-control']).toBe('no-store')
    expect(session.headers.etag).toBeUndefined()
  })

  it('answer personal and secret reads with no-store, no ETag and no 304', async () => {
    const owner = await seedTenant(ctx.db)
    const form = await createForm(ctx.app, owner.token)
    const submitted = await call(ctx.app, 'POST', `/api/public/forms/${form.id}/submit`, {
      headers: {
        'x-tenant-id': owner.tenantId,
        'x-api-key': await seedApiToken(ctx.db, owner.tenantId, { scopes: ['submit'] }),
      },
      body: { data: { name: 'Ada', email: 'ada@example.com' } },
    })
    expect(submitted.statusCode, submitted.body).toBe(201)
    const responseId = submitted.data.responseId
    const personal = [
      '/api/tenant-settings',
      `/api/forms/${form.id}/responses`,
      `/api/forms/${form.id}/responses/${responseId}`,
      `/api/forms/${form.id}/responses/export`,
      '/api/api-tokens',
      '/api/webhooks/deliveries',
      `/api/users?tenantId=${owner.tenantId}`,
      '/api/activities',
      `/api/activities/recent?tenantId=${owner.tenantId}`,
      // A signed-in user's own reads (no tenant).
      '/api/users/me',
      '/api/users/me/deletion-preflight',
      '/api/tenants',
    ]
    for (const url of personal) {
      const first = await call(ctx.app, 'GET', url, { token: owner.token })
      expect(first.statusCode, `${url}: ${first.body}`).toBe(200)
      expect(first.headers['cache-control'], url).toBe('no-store')
      expect(first.headers.etag, url).toBeUndefined()
      const again = await call(ctx.app, 'GET', url, {
        token: owner.token,
        headers: { 'if-none-match': strongEtag(first.body) },
      })
      expect(again.statusCode, url).toBe(200)
    }
    const document = (await call(ctx.app, 'GET', '/api/docs/json')).data
    expect(Object.keys(document.paths['/api/tenant-settings'].get.responses)).not.toContain('304')
  })

  it('are documented with a 304 on conditional GETs only', async () => {
    const document = (await call(ctx.app, 'GET', '/api/docs/json')).data
    const statuses = (path: string, method: string) => Object.keys(document.paths[path][method].responses)
    expect(statuses('/api/contents', 'get')).toContain('304')
    expect(statuses('/api/public/collections/{key}', 'get')).toContain('304')
    expect(document.paths['/api/contents'].get.responses['304'].content).toBeUndefined()
    expect(statuses('/api/contents', 'post')).not.toContain('304')
    expect(statuses('/api/public/queries/run', 'post')).not.toContain('304')
    expect(statuses('/api/auth/session', 'get')).not.toContain('304')
    expect(statuses('/api/forms/{id}/responses/export', 'get')).not.toContain('304')
  })
})
