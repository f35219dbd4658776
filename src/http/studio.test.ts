import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/helpers.js'
import { studioPolicy } from './studio.js'

// Studio as Folio serves it (docs/decisions/studio.md "Serving"), from a stand-in build: the real
// one is exercised by test/studio.browser.test.ts.
const built = mkdtempSync(join(tmpdir(), 'folio-studio-'))
const INDEX =
  '<!doctype html><html><head><script type="module" src="/admin/assets/index-abc123.js"></script></head></html>'
mkdirSync(join(built, 'assets'))
writeFileSync(join(built, 'index.html'), INDEX)
writeFileSync(join(built, 'assets', 'index-abc123.js'), 'console.log(1)\n')
writeFileSync(join(built, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)\n'))

let ctx: TestContext
let bare: TestContext
beforeAll(async () => {
  ctx = await createTestContext({ studioDir: built })
  bare = await createTestContext({ studioDir: join(built, 'missing') })
})
afterAll(async () => {
  await ctx?.close()
  await bare?.close()
  rmSync(built, { recursive: true, force: true })
})

describe('Studio at /admin', () => {
  it('redirects / and /admin to /admin/', async () => {
    const root = await ctx.app.inject({ method: 'GET', url: '/' })
    expect([root.statusCode, root.headers.location]).toEqual([302, '/admin/'])
    const admin = await ctx.app.inject({ method: 'GET', url: '/admin' })
    expect([admin.statusCode, admin.headers.location]).toEqual([301, '/admin/'])
    const landing = await ctx.app.inject({ method: 'GET', url: '/?googleError=GoogleLinkRequired' })
    expect([landing.statusCode, landing.headers.location]).toEqual([
      302,
      '/admin/?googleError=GoogleLinkRequired',
    ])
  })

  it('answers index.html for the app and its client routes, not cached, under a CSP without inline scripts', async () => {
    for (const url of [
      '/admin/',
      '/admin/login?redirect=%2Ft%2F1',
      '/admin/t/0123456789abcdef01234567/contents',
    ]) {
      const page = await ctx.app.inject({ method: 'GET', url })
      expect(page.statusCode, url).toBe(200)
      expect(page.body).toBe(INDEX)
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(page.headers['cache-control']).toBe('no-cache')
      const policy = String(page.headers['content-security-policy'])
      expect(policy).toContain("script-src 'self';")
      expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
      expect(policy).toContain("frame-ancestors 'none'")
    }
  })

  it('serves hashed assets as immutable for a year, and a missing one as a JSON 404', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/admin/assets/index-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.body).toBe('console.log(1)\n')
    expect(asset.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const gzipped = await ctx.app.inject({
      method: 'GET',
      url: '/admin/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe('console.log(1)\n')
    expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const missing = await ctx.app.inject({ method: 'GET', url: '/admin/assets/index-000000.js' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ error: 'NotFound' })
  })

  it('answers 503 JSON, never a crash, where Studio is not built', async () => {
    const page = await bare.app.inject({ method: 'GET', url: '/admin/contents' })
    expect(page.statusCode).toBe(503)
    expect(page.json()).toEqual({
      error: 'ServiceUnavailable',
      message: 'Studio is not built here: run `npm run build`.',
    })
    expect((await bare.app.inject({ method: 'GET', url: '/api/auth/session' })).json()).toEqual({
      authenticated: false,
    })
  })
})

describe('studioPolicy', () => {
  it('lets uploads reach the media origins and an S3 endpoint, images any https origin, frames any http(s) origin', () => {
    const local = studioPolicy({
      publicUrl: 'http://localhost:3000',
      media: { driver: 'local', publicUrl: 'http://localhost:3000' } as never,
    })
    expect(local).toContain("img-src 'self' data: blob: https: http://localhost:3000;")
    // The live preview frames the tenant's site, at any origin its edge policy allows.
    expect(local).toContain("frame-src 'self' https: http:;")
    expect(local).toContain("connect-src 'self' http://localhost:3000;")
    const s3 = studioPolicy({
      publicUrl: 'https://cms.example.com',
      media: {
        driver: 's3',
        publicUrl: 'https://cdn.example.com/media',
        s3: { endpoint: 'https://s3.example.net' },
      } as never,
    })
    expect(s3).toContain("img-src 'self' data: blob: https: https://cms.example.com https://cdn.example.com;")
    expect(s3).toContain(
      "connect-src 'self' https://cms.example.com https://cdn.example.com https://s3.example.net;",
    )
  })
})
