import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicCall } from '../../../test/collection-fixtures.js'
import { createContent, seedCategory } from '../../../test/content-fixtures.js'
import {
  call,
  createTestContext,
  type SeededMember,
  seedApiToken,
  seedMember,
  seedTenant,
  type TestContext,
} from '../../../test/helpers.js'
import { putSettings, settingsOf } from '../../../test/settings-fixtures.js'
import { memberships, previewTokens } from '../../db/schema/index.js'
import { sha256Hex } from '../../lib/hash.js'
import { previewUrlOf } from '../tenant-settings/index.js'

// Draft preview tokens (docs/decisions/preview.md): a token reads the latest draft of one content's
// translation group on the public routes, never cached, never indexed, never logged.
const logs: string[] = []
let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext({ logs, env: { PUBLIC_CLIENT_LIMIT: 'off' } })
})
afterAll(() => ctx.close())

const TOKEN = /^fpv_[A-Za-z0-9_-]{43}$/
const SITE = 'https://site.example.com'

/** A tenant serving en and tr whose edge policy allows the site and localhost. */
async function previewTenant(): Promise<SeededMember> {
  const owner = await seedTenant(ctx.db)
  const saved = await putSettings(ctx, owner, {
    locales: { available: ['en', 'tr'] },
    edgeGateway: { allowedOrigins: [SITE], allowLocalhost: true },
    preview: { urls: { post: `${SITE}/{locale}/{slug}?preview={token}&id={id}&type={type}` } },
  })
  expect(saved.statusCode, saved.body).toBe(200)
  return owner
}

const issue = (token: string, id: string, body: unknown = {}) =>
  call(ctx.app, 'POST', `/api/contents/${id}/preview-token`, { token, body })

/** A token for `id` (asserting the 201). */
async function tokenFor(member: SeededMember | string, id: string): Promise<string> {
  const issued = await issue(typeof member === 'string' ? member : member.token, id)
  expect(issued.statusCode, issued.body).toBe(201)
  return issued.data.token
}

const previewRead = (tenantId: string, slug: string, token: string, query = '') =>
  publicCall(ctx, 'GET', `/contents/slug/${slug}${query}`, tenantId, {
    headers: { 'x-preview-token': token },
  })

describe('POST /api/contents/{id}/preview-token', () => {
  it('answers 201 with a token shown once (only its SHA-256 kept), its expiry, and the URL of the type filled in', async () => {
    const owner = await previewTenant()
    const post = await createContent(ctx, owner.token, { title: 'Hello world', type: 'post' })
    const before = Date.now()
    const issued = await issue(owner.token, post.id)
    expect(issued.statusCode, issued.body).toBe(201)
    expect(issued.headers['cache-control']).toBe('no-store')
    const { token, expiresAt, url } = issued.data
    expect(Object.keys(issued.data).sort()).toEqual(['expiresAt', 'token', 'url'])
    expect(token).toMatch(TOKEN)
    const life = Date.parse(expiresAt) - before
    expect(life).toBeGreaterThanOrEqual(3_599_000)
    expect(life).toBeLessThanOrEqual(3_601_000)
    expect(url).toBe(`${SITE}/en/hello-world?preview=${encodeURIComponent(token)}&id=${post.id}&type=post`)

    const [row] = await ctx.db.select().from(previewTokens).where(eq(previewTokens.tenantId, owner.tenantId))
    expect(row).toMatchObject({
      contentId: post.id,
      translationGroupId: post.id,
      tokenHash: sha256Hex(token),
      createdBy: owner.userId,
      apiTokenId: null,
    })
    expect(JSON.stringify(row)).not.toContain(token)

    const short = await issue(owner.token, post.id, { expiresInSeconds: 120 })
    expect(short.statusCode, short.body).toBe(201)
    expect(Date.parse(short.data.expiresAt) - Date.now()).toBeLessThanOrEqual(120_000)
    expect(Date.parse(short.data.expiresAt) - Date.now()).toBeGreaterThan(110_000)
    for (const expiresInSeconds of [59, 3601]) {
      const refused = await issue(owner.token, post.id, { expiresInSeconds })
      expect(refused.statusCode, refused.body).toBe(400)
      expect(refused.data.error).toBe('ValidationFailed')
    }
  })

  it('fills the `*` template for other types, and answers url null without one', async () => {
    const owner = await previewTenant()
    const page = await createContent(ctx, owner.token, { title: 'About', type: 'page' })
    const without = await issue(owner.token, page.id)
    expect(without.statusCode, without.body).toBe(201)
    expect(without.data.url).toBeNull()

    const saved = await putSettings(ctx, owner, {
      preview: { urls: { '*': 'http://localhost:4321/preview/{type}/{slug}?t={token}' } },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.data.settings.preview).toEqual({
      urls: { '*': 'http://localhost:4321/preview/{type}/{slug}?t={token}' },
    })
    const starred = await issue(owner.token, page.id)
    expect(starred.data.url).toBe(`http://localhost:4321/preview/page/about?t=${starred.data.token}`)
  })

  it('encodes every filled value (encodeURIComponent) and takes own members only', () => {
    const values = { token: 'fpv_a+b', slug: 'a b/c', locale: 'de-AT', id: 'x&y', type: 'constructor' }
    expect(previewUrlOf({ '*': 'https://s.example/{locale}/{slug}?p={token}&i={id}' }, values)).toBe(
      'https://s.example/de-AT/a%20b%2Fc?p=fpv_a%2Bb&i=x%26y',
    )
    expect(previewUrlOf({}, values)).toBeNull()
  })

  it('needs content:preview (an API token: the preview scope), and answers 404 for another tenant’s content', async () => {
    const owner = await previewTenant()
    const other = await previewTenant()
    const post = await createContent(ctx, owner.token, { title: 'Scoped' })
    const reader = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['read', 'write'] })
    const refused = await issue(reader, post.id)
    expect(refused.statusCode, refused.body).toBe(403)

    const previewer = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['read', 'write', 'preview'] })
    const token = await tokenFor(previewer, post.id)
    expect((await previewRead(owner.tenantId, 'scoped', token)).statusCode).toBe(200)

    const foreign = await issue(other.token, post.id)
    expect(foreign.statusCode, foreign.body).toBe(404)
    expect(foreign.data.error).toBe('NotFound')
    expect(
      await ctx.db.select().from(previewTokens).where(eq(previewTokens.tenantId, other.tenantId)),
    ).toEqual([])
  })
})

describe('preview URL templates in tenant settings', () => {
  it('refuses a bad scheme, an unknown placeholder, a placeholder in the host and an origin the edge policy does not allow, naming the member; nothing changes', async () => {
    const owner = await previewTenant()
    // The message names the member (in words in English: "The post of the URLs of the preview"), `details` by its path.
    const cases: [string, string][] = [
      ['ftp://site.example.com/{slug}', 'must be an absolute http: or https: URL.'],
      [
        `${SITE}/{slug}?p={secret}`,
        'has the placeholder "secret": only {token}, {slug}, {locale}, {id} and {type} are filled.',
      ],
      [
        'https://{locale}.site.example.com/{slug}',
        'must not have a placeholder in its scheme, host or port.',
      ],
      [
        'https://elsewhere.example.com/{slug}?preview={token}',
        'has the origin https://elsewhere.example.com, which the edge policy does not allow (edgeGateway.allowedOrigins, or allowLocalhost for localhost).',
      ],
      [`${SITE}/{slug}}`, 'has a brace that opens or closes no placeholder.'],
    ]
    for (const [template, message] of cases) {
      const refused = await putSettings(ctx, owner, { preview: { urls: { post: template } } })
      expect(refused.statusCode, refused.body).toBe(400)
      expect(refused.data.error).toBe('ValidationFailed')
      expect(refused.data.message.endsWith(` ${message}`), refused.data.message).toBe(true)
      expect(refused.data.details.map((detail: { path: string }) => detail.path)).toEqual([
        'body/preview/urls/post',
      ])
    }
    const badKey = await putSettings(ctx, owner, { preview: { urls: { Posts: `${SITE}/{slug}` } } })
    expect(badKey.statusCode, badKey.body).toBe(400)
    expect(badKey.data.details[0].path).toBe('body/preview/urls')
    expect(badKey.data.message).toContain('has the key "Posts"')
    expect((await settingsOf(ctx, owner)).preview).toEqual({
      urls: { post: `${SITE}/{locale}/{slug}?preview={token}&id={id}&type={type}` },
    })
  })

  it('checks the origin against the edge policy sent with it, and answers in Turkish too', async () => {
    const owner = await seedTenant(ctx.db)
    const both = await putSettings(ctx, owner, {
      edgeGateway: { allowedOrigins: ['https://*.example.org'] },
      preview: { urls: { page: 'https://www.example.org/{slug}?preview={token}' } },
    })
    expect(both.statusCode, both.body).toBe(200)
    expect(both.data.settings.preview.urls).toEqual({
      page: 'https://www.example.org/{slug}?preview={token}',
    })

    const turkish = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      headers: { 'accept-language': 'tr' },
      body: { preview: { urls: { page: 'http://localhost:3000/{slug}' } } },
    })
    expect(turkish.statusCode, turkish.body).toBe(400)
    expect(turkish.data.message).toContain(
      'http://localhost:3000 kaynağını içeriyor ve uç politikası buna izin vermiyor (edgeGateway.allowedOrigins ya da localhost için allowLocalhost).',
    )
    expect(turkish.data.message).toContain('preview.urls.page')
  })
})

describe('public reads with X-Preview-Token', () => {
  it('answers a published content’s pending draft in the public shape, no-store, noindex, outside the delivery cache; a plain read still answers the live text', async () => {
    const owner = await previewTenant()
    const live = await seedCategory(ctx.db, owner.tenantId, 'Live topic')
    const drafted = await seedCategory(ctx.db, owner.tenantId, 'Draft topic')
    const post = await createContent(ctx, owner.token, {
      title: 'Live title',
      slug: 'kept',
      html: '<p>Live words.</p>',
      categories: [live],
      status: 'published',
    })
    const plain = await publicCall(ctx, 'GET', '/contents/slug/kept', owner.tenantId)
    expect(plain.statusCode, plain.body).toBe(200)
    expect((await publicCall(ctx, 'GET', '/contents/slug/kept', owner.tenantId)).headers['x-cache']).toBe(
      'HIT',
    )

    const saved = await call(ctx.app, 'PUT', `/api/contents/${post.id}/draft`, {
      token: owner.token,
      body: { title: 'Draft title', html: '<p>Draft words.</p>', categories: [drafted] },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const token = await tokenFor(owner, post.id)

    for (let read = 0; read < 2; read++) {
      const previewed = await previewRead(owner.tenantId, 'kept', token)
      expect(previewed.statusCode, previewed.body).toBe(200)
      expect(previewed.headers['cache-control']).toBe('no-store')
      expect(previewed.headers['x-robots-tag']).toBe('noindex')
      expect(previewed.headers['x-cache']).toBeUndefined()
      expect(previewed.headers.etag).toBeUndefined()
      expect(String(previewed.headers.vary)).toContain('X-Preview-Token')
      expect(Object.keys(previewed.data.content).sort()).toEqual(Object.keys(plain.data.content).sort())
      expect(previewed.data.content).toMatchObject({
        id: post.id,
        slug: 'kept',
        title: 'Draft title',
        html: '<p>Draft words.</p>',
        categories: [{ name: 'Draft topic', slug: expect.stringMatching(/^draft-topic/) }],
        publishedAt: plain.data.content.publishedAt,
        alternates: [],
      })
    }

    const after = await publicCall(ctx, 'GET', '/contents/slug/kept', owner.tenantId)
    expect(after.statusCode).toBe(200)
    expect(after.headers['x-cache']).toBe('HIT')
    expect(after.data.content).toMatchObject({ title: 'Live title', html: '<p>Live words.</p>' })
    expect(after.data.content.categories).toEqual([
      { name: 'Live topic', slug: expect.stringMatching(/^live-topic/) },
    ])
  })

  it('renders a draft that was never published in the public shape, by its draft slug', async () => {
    const owner = await previewTenant()
    const draft = await createContent(ctx, owner.token, {
      title: 'Not yet',
      slug: 'not-yet',
      summary: 'Soon',
      html: '<p>Unseen.</p>',
    })
    expect(draft.status).toBe('draft')
    expect((await publicCall(ctx, 'GET', '/contents/slug/not-yet', owner.tenantId)).statusCode).toBe(404)
    const token = await tokenFor(owner, draft.id)
    const previewed = await previewRead(owner.tenantId, 'not-yet', token, '?view=full')
    expect(previewed.statusCode, previewed.body).toBe(200)
    expect(previewed.data.content).toEqual({
      id: draft.id,
      locale: 'en',
      alternates: [],
      slug: 'not-yet',
      title: 'Not yet',
      summary: 'Soon',
      type: 'post',
      parentId: null,
      order: 0,
      publishedAt: draft.updatedAt,
      updatedAt: draft.updatedAt,
      authorName: '',
      categories: [],
      tags: [],
      featuredMedia: null,
      customFields: {},
      html: '<p>Unseen.</p>',
      lexical: null,
    })
  })

  it('reads every translation of the group by its slug, and nothing else (401)', async () => {
    const owner = await previewTenant()
    const english = await createContent(ctx, owner.token, { title: 'Hello', status: 'published' })
    const translated = await call(ctx.app, 'POST', `/api/contents/${english.id}/translations`, {
      token: owner.token,
      body: { locale: 'tr' },
    })
    expect(translated.statusCode, translated.body).toBe(201)
    const turkish = translated.data.content
    const renamed = await call(ctx.app, 'PUT', `/api/contents/${turkish.id}`, {
      token: owner.token,
      body: { title: 'Merhaba', slug: 'merhaba' },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const stranger = await createContent(ctx, owner.token, { title: 'Stranger', status: 'published' })
    const token = await tokenFor(owner, english.id)

    const tr = await previewRead(owner.tenantId, 'merhaba', token)
    expect(tr.statusCode, tr.body).toBe(200)
    expect(tr.data.content).toMatchObject({
      id: turkish.id,
      locale: 'tr',
      title: 'Merhaba',
      alternates: [{ locale: 'en', slug: 'hello' }],
    })
    const en = await previewRead(owner.tenantId, 'hello', token)
    expect(en.data.content).toMatchObject({ id: english.id, alternates: [{ locale: 'tr', slug: 'merhaba' }] })

    for (const slug of ['stranger', 'nothing-here']) {
      const refused = await previewRead(owner.tenantId, slug, token)
      expect(refused.statusCode, refused.body).toBe(401)
      expect(refused.data).toEqual({
        error: 'PreviewTokenInvalid',
        message: 'The preview token does not read this content: it reads one content and its translations.',
      })
    }
    expect((await publicCall(ctx, 'GET', `/contents/slug/${stranger.slug}`, owner.tenantId)).statusCode).toBe(
      200,
    )
  })

  it('lets other public routes answer as usual with a valid token, no-store and noindex; an unknown token is 401 on any route', async () => {
    const owner = await previewTenant()
    const post = await createContent(ctx, owner.token, { title: 'Listed', status: 'published' })
    const token = await tokenFor(owner, post.id)
    const listed = await publicCall(ctx, 'GET', '/contents', owner.tenantId, {
      headers: { 'x-preview-token': token },
    })
    expect(listed.statusCode, listed.body).toBe(200)
    expect(listed.data.contents.map((content: { id: string }) => content.id)).toEqual([post.id])
    expect(listed.headers['cache-control']).toBe('no-store')
    expect(listed.headers['x-robots-tag']).toBe('noindex')
    expect(listed.headers['x-cache']).toBeUndefined()

    for (const bad of [`fpv_${'A'.repeat(43)}`, 'folio_not-a-preview-token', '']) {
      for (const path of ['/contents', '/contents/slug/listed', '/contents/tree']) {
        const refused = await publicCall(ctx, 'GET', path, owner.tenantId, {
          headers: { 'x-preview-token': bad },
        })
        expect(refused.statusCode, refused.body).toBe(401)
        expect(refused.data).toEqual({
          error: 'PreviewTokenInvalid',
          message: 'The preview token is unknown, expired or revoked: ask Studio for a new preview.',
        })
      }
    }
  })

  it('allows X-Preview-Token in a CORS preflight from an allowed origin', async () => {
    const owner = await previewTenant()
    const preflight = await publicCall(ctx, 'OPTIONS', '/contents/slug/x', owner.tenantId, {
      headers: {
        origin: SITE,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-tenant-id,x-preview-token',
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe(SITE)
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('X-Preview-Token')
  })
})

describe('revocation', () => {
  it('answers 401 once the token expired', async () => {
    const owner = await previewTenant()
    const post = await createContent(ctx, owner.token, { title: 'Brief' })
    const token = await tokenFor(owner, post.id)
    expect((await previewRead(owner.tenantId, 'brief', token)).statusCode).toBe(200)
    await ctx.db
      .update(previewTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(previewTokens.tenantId, owner.tenantId), eq(previewTokens.tokenHash, sha256Hex(token))))
    const expired = await previewRead(owner.tenantId, 'brief', token)
    expect(expired.statusCode, expired.body).toBe(401)
    expect(expired.data.error).toBe('PreviewTokenInvalid')
    expect(await ctx.app.folio.services.previewTokens.sweep()).toBeGreaterThanOrEqual(1)
    expect(
      await ctx.db.select().from(previewTokens).where(eq(previewTokens.tenantId, owner.tenantId)),
    ).toEqual([])
  })

  it('deletes the tokens with their content', async () => {
    const owner = await previewTenant()
    const post = await createContent(ctx, owner.token, { title: 'Doomed' })
    const token = await tokenFor(owner, post.id)
    const deleted = await call(ctx.app, 'DELETE', `/api/contents/${post.id}`, { token: owner.token })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(
      await ctx.db.select().from(previewTokens).where(eq(previewTokens.tenantId, owner.tenantId)),
    ).toEqual([])
    const revoked = await previewRead(owner.tenantId, 'doomed', token)
    expect(revoked.statusCode, revoked.body).toBe(401)
    expect(revoked.data.error).toBe('PreviewTokenInvalid')
  })

  it('answers 401 when the creator is suspended or removed from the tenant, or their API token is deleted', async () => {
    const owner = await previewTenant()
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const post = await createContent(ctx, owner.token, { title: 'Shared' })
    const token = await tokenFor(editor, post.id)
    expect((await previewRead(owner.tenantId, 'shared', token)).statusCode).toBe(200)

    const membership = and(eq(memberships.tenantId, owner.tenantId), eq(memberships.userId, editor.userId))
    await ctx.db.update(memberships).set({ status: 'suspended' }).where(membership)
    expect((await previewRead(owner.tenantId, 'shared', token)).statusCode).toBe(401)
    await ctx.db.update(memberships).set({ status: 'active' }).where(membership)
    expect((await previewRead(owner.tenantId, 'shared', token)).statusCode).toBe(200)
    await ctx.db.delete(memberships).where(membership)
    const removed = await previewRead(owner.tenantId, 'shared', token)
    expect(removed.statusCode, removed.body).toBe(401)
    expect(removed.data.error).toBe('PreviewTokenInvalid')

    const apiToken = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['write', 'preview'] })
    const byToken = await tokenFor(apiToken, post.id)
    expect((await previewRead(owner.tenantId, 'shared', byToken)).statusCode).toBe(200)
    await ctx.db.execute(sql`delete from api_tokens where tenant_id = ${owner.tenantId}`)
    expect((await previewRead(owner.tenantId, 'shared', byToken)).statusCode).toBe(401)
  })
})

describe('tenant isolation and secrecy', () => {
  it('answers 401 for another tenant’s token, and the token appears in no read and no log line', async () => {
    const owner = await previewTenant()
    const other = await previewTenant()
    const post = await createContent(ctx, owner.token, { title: 'Mine', status: 'published' })
    await createContent(ctx, other.token, { title: 'Mine', status: 'published' })
    const token = await tokenFor(owner, post.id)
    const crossed = await previewRead(other.tenantId, 'mine', token)
    expect(crossed.statusCode, crossed.body).toBe(401)
    expect(crossed.data.error).toBe('PreviewTokenInvalid')

    const reads = [
      await call(ctx.app, 'GET', `/api/contents/${post.id}`, { token: owner.token }),
      await call(ctx.app, 'GET', `/api/contents/${post.id}?draft=true`, { token: owner.token }),
      await call(ctx.app, 'GET', '/api/contents', { token: owner.token }),
      await call(ctx.app, 'GET', '/api/tenant-settings', { token: owner.token }),
      await previewRead(owner.tenantId, 'mine', token),
    ]
    for (const read of reads) {
      expect(read.statusCode, read.body).toBe(200)
      expect(read.body).not.toContain(token)
      expect(JSON.stringify(read.headers)).not.toContain(token)
    }
    expect(logs.length).toBeGreaterThan(0)
    expect(logs.join('\n')).not.toContain(token)
    expect(logs.join('\n')).not.toContain(token.slice(4))
  })
})
