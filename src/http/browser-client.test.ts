import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestContext, type TestContext } from '../../test/helpers.js'

// The browser helpers as Folio serves them to websites (docs/architecture.md "The typed client"),
// from a stand-in build: the real one is imported by the example site in
// test/website-live.browser.test.ts.
const built = mkdtempSync(join(tmpdir(), 'folio-browser-client-'))
const FILE = join(built, 'browser.js')
const SCRIPT = 'export function onPreview() {}\n'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext({ browserClientFile: FILE })
})
afterAll(async () => {
  await ctx?.close()
  rmSync(built, { recursive: true, force: true })
})

describe('GET /client/browser.js', () => {
  it('answers 404 naming the build command until the file is built, then serves it', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/client/browser.js' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({
      error: 'NotFound',
      message: 'The browser helper of @folio/client is not built here: run `npm run build`.',
    })
    expect(missing.headers['cache-control']).toBe('no-store')
    const turkish = await ctx.app.inject({
      method: 'GET',
      url: '/client/browser.js',
      headers: { 'accept-language': 'tr' },
    })
    expect(turkish.json().message).toBe(
      '@folio/client tarayıcı yardımcısı burada derlenmemiş: `npm run build` komutunu çalıştırın.',
    )

    writeFileSync(FILE, SCRIPT)
    const served = await ctx.app.inject({
      method: 'GET',
      url: '/client/browser.js',
      headers: { origin: 'https://site.example' },
    })
    expect(served.statusCode).toBe(200)
    expect(served.body).toBe(SCRIPT)
    expect(served.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(served.headers['access-control-allow-origin']).toBe('*')
    expect(served.headers['cache-control']).toBe('public, max-age=300')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.headers.etag).toMatch(/^"[\w-]{22}"$/)
  })

  it('answers 304 to a request naming its ETag, and HEAD without a body', async () => {
    writeFileSync(FILE, SCRIPT)
    const first = await ctx.app.inject({ method: 'GET', url: '/client/browser.js' })
    const etag = String(first.headers.etag)
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/client/browser.js',
      headers: { 'if-none-match': `W/"other", ${etag}` },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['cache-control']).toBe('public, max-age=300')
    expect(again.headers['access-control-allow-origin']).toBe('*')
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/client/browser.js',
      headers: { 'if-none-match': '"other"' },
    })
    expect([other.statusCode, other.body]).toEqual([200, SCRIPT])
    const head = await ctx.app.inject({ method: 'HEAD', url: '/client/browser.js' })
    expect([head.statusCode, head.body, head.headers['content-type']]).toEqual([
      200,
      '',
      'text/javascript; charset=utf-8',
    ])
  })

  it('stays out of the API document', async () => {
    const document = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(document.statusCode).toBe(200)
    expect(Object.keys(document.json().paths).filter((path) => path.startsWith('/client'))).toEqual([])
  })
})
