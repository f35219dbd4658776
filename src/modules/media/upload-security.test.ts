import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'
import { jpegBytes, PDF_BYTES, pathOf, pngBytes, presign, putUpload } from '../../../test/media-fixtures.js'

// docs/decisions/media.md "The upload policy holds on every path". A small upload limit so
// "oversize" needs no large body.
const ctx = useTestContext({ MEDIA_MAX_UPLOAD_BYTES: '1000000' })

const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
)
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')

/** Presigns `contentType` for `bytes`, PUTs them (expecting 200) and tries to register the key. */
async function uploadAndRegister(
  token: string,
  bytes: Buffer,
  contentType: string,
  body: Record<string, unknown> = {},
) {
  const grant = await presign(ctx.app, token, { fileName: 'x', contentType, size: bytes.length })
  expect((await putUpload(ctx.app, grant.uploadUrl, bytes, contentType)).statusCode).toBe(200)
  const registered = await call(ctx.app, 'POST', '/api/media', { token, body: { key: grant.key, ...body } })
  return { grant, registered }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('upload policy', () => {
  it('refuses disallowed types at presign with 400 naming contentType, HTML and SVG included', async () => {
    const owner = await seedTenant(ctx.db)
    for (const contentType of [
      'text/html',
      'image/svg+xml',
      'application/xhtml+xml',
      'text/javascript',
      'application/x-msdownload',
      'application/octet-stream',
      'application/zip',
    ]) {
      const response = await call(ctx.app, 'POST', '/api/media/presign', {
        token: owner.token,
        body: { fileName: 'a', contentType, size: 10 },
      })
      expect(response.statusCode, contentType).toBe(400)
      expect(response.data.message).toContain(`contentType ${contentType} is not accepted`)
    }
    const aliased = await presign(ctx.app, owner.token, {
      fileName: 'a.jpg',
      contentType: 'Image/JPG',
      size: 10,
    })
    expect(aliased.headers).toEqual({ 'Content-Type': 'image/jpeg' })
  })

  it('refuses a size over MEDIA_MAX_UPLOAD_BYTES, zero and non-integers with 400', async () => {
    const owner = await seedTenant(ctx.db)
    for (const size of [1_000_001, 0, -1, 1.5, '10']) {
      const response = await call(ctx.app, 'POST', '/api/media/presign', {
        token: owner.token,
        body: { fileName: 'a.png', contentType: 'image/png', size },
      })
      expect(response.statusCode, String(size)).toBe(400)
    }
    expect(
      (await presign(ctx.app, owner.token, { fileName: 'a.png', contentType: 'image/png', size: 1_000_000 }))
        .key,
    ).toBeTruthy()
  })

  it('follows the tenant allow-list in settings metadata (never HTML or SVG)', async () => {
    const owner = await seedTenant(ctx.db)
    const put = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { metadata: { mediaAllowedMimeTypes: ['application/pdf', 'image/svg+xml', 'text/html'] } },
    })
    expect(put.statusCode, put.body).toBe(200)
    const png = await call(ctx.app, 'POST', '/api/media/presign', {
      token: owner.token,
      body: { fileName: 'a', contentType: 'image/png', size: 10 },
    })
    expect(png.statusCode).toBe(400)
    expect(png.data.message).toContain('allowed: application/pdf.')
    const svg = await call(ctx.app, 'POST', '/api/media/presign', {
      token: owner.token,
      body: { fileName: 'a', contentType: 'image/svg+xml', size: 10 },
    })
    expect(svg.statusCode).toBe(400)
  })

  it('takes only a safe name from fileName: no path traversal reaches the key', async () => {
    const owner = await seedTenant(ctx.db)
    for (const fileName of [
      '../../../etc/passwd',
      '..\\..\\windows\\win.ini',
      '/abs/../.png',
      '....//',
      '%2e%2e%2f',
    ]) {
      const grant = await presign(ctx.app, owner.token, { fileName, contentType: 'image/png', size: 10 })
      expect(grant.key, fileName).toMatch(
        new RegExp(`^${owner.tenantId}/\\d{4}/\\d{2}/[a-f0-9]{24}/[a-z0-9][a-z0-9-]*\\.png$`),
      )
    }
    const grant = await presign(ctx.app, owner.token, {
      fileName: '../../etc/passwd',
      contentType: 'image/png',
      size: 10,
    })
    expect(grant.fileName).toBe('passwd.png')
  })
})

describe('the signed local PUT', () => {
  it('is single-use and bound to the content type and size', async () => {
    const owner = await seedTenant(ctx.db)
    const bytes = await pngBytes()
    const grant = await presign(ctx.app, owner.token, {
      fileName: 'a.png',
      contentType: 'image/png',
      size: bytes.length,
    })
    expect((await putUpload(ctx.app, grant.uploadUrl, bytes, 'text/html')).statusCode).toBe(403)
    const bigger = grant.uploadUrl.replace(/size=\d+/, `size=${bytes.length + 1}`)
    expect((await putUpload(ctx.app, bigger, bytes, 'image/png')).statusCode).toBe(403)
    const otherKey = grant.uploadUrl.replace('/a.png?', '/b.png?')
    expect((await putUpload(ctx.app, otherKey, bytes, 'image/png')).statusCode).toBe(403)
    expect((await putUpload(ctx.app, grant.uploadUrl, bytes, 'image/png')).statusCode).toBe(200)
    const again = await putUpload(ctx.app, grant.uploadUrl, bytes, 'image/png')
    expect(again.statusCode).toBe(403)
    expect(again.json()).toEqual({
      error: 'Forbidden',
      message: 'The upload URL is invalid, expired or already used.',
    })
  })

  it('cannot replace the registered file once the upload is registered', async () => {
    const owner = await seedTenant(ctx.db)
    const bytes = await pngBytes()
    const grant = await presign(ctx.app, owner.token, {
      fileName: 'a.png',
      contentType: 'image/png',
      size: bytes.length,
    })
    expect((await putUpload(ctx.app, grant.uploadUrl, bytes, 'image/png')).statusCode).toBe(200)
    const registered = await call(ctx.app, 'POST', '/api/media', {
      token: owner.token,
      body: { key: grant.key },
    })
    expect(registered.statusCode, registered.body).toBe(200)
    const again = await putUpload(ctx.app, grant.uploadUrl, await pngBytes(8, 8), 'image/png')
    expect(again.statusCode).toBe(403)
    expect(readFileSync(join(ctx.dataDir, 'media', grant.key)).equals(bytes)).toBe(true)
  })

  it('refuses more bytes than granted with 413 and keeps nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const grant = await presign(ctx.app, owner.token, {
      fileName: 'a.png',
      contentType: 'image/png',
      size: 10,
    })
    const response = await putUpload(ctx.app, grant.uploadUrl, await pngBytes(), 'image/png')
    expect(response.statusCode).toBe(413)
    expect(existsSync(join(ctx.dataDir, 'media', grant.key))).toBe(false)
  })

  it('refuses an upload after the URL expired', async () => {
    const owner = await seedTenant(ctx.db)
    const bytes = await pngBytes()
    const grant = await presign(ctx.app, owner.token, {
      fileName: 'a.png',
      contentType: 'image/png',
      size: bytes.length,
    })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 301_000)
    expect((await putUpload(ctx.app, grant.uploadUrl, bytes, 'image/png')).statusCode).toBe(403)
    expect(existsSync(join(ctx.dataDir, 'media', grant.key))).toBe(false)
  })

  it('answers 403 to unsigned or malformed upload URLs', async () => {
    const owner = await seedTenant(ctx.db)
    const grant = await presign(ctx.app, owner.token, {
      fileName: 'a.png',
      contentType: 'image/png',
      size: 10,
    })
    const bare = pathOf(grant.uploadUrl).split('?')[0] as string
    const traversal = `/media/${owner.tenantId}/..%2F..%2F..%2Fetc%2Fpasswd?expires=9999999999&size=1&signature=x`
    for (const url of [bare, `${bare}?expires=x&size=10&signature=y`, traversal]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url,
        headers: { 'content-type': 'image/png' },
        payload: 'x',
      })
      expect(response.statusCode, url).toBe(403)
    }
    // A literal "../" is resolved by the router before any media route sees it.
    const literal = await ctx.app.inject({ method: 'PUT', url: '/media/../../etc/passwd', payload: 'x' })
    expect(literal.statusCode).toBe(404)
  })
})

describe('registration checks the bytes', () => {
  it('refuses SVG with script and HTML uploaded under an image type, and removes the file', async () => {
    const owner = await seedTenant(ctx.db)
    for (const bytes of [SVG_WITH_SCRIPT, HTML]) {
      const { grant, registered } = await uploadAndRegister(owner.token, bytes, 'image/png')
      expect(registered.statusCode).toBe(400)
      expect(registered.data.message).toContain('not recognised')
      expect(existsSync(join(ctx.dataDir, 'media', grant.key))).toBe(false)
      const retry = await call(ctx.app, 'POST', '/api/media', {
        token: owner.token,
        body: { key: grant.key },
      })
      expect(retry.statusCode).toBe(409)
    }
  })

  it('refuses a polyglot: a PNG signature in front of HTML', async () => {
    const owner = await seedTenant(ctx.db)
    const polyglot = Buffer.concat([(await pngBytes()).subarray(0, 33), HTML])
    const { registered } = await uploadAndRegister(owner.token, polyglot, 'image/png')
    expect(registered.statusCode).toBe(400)
    expect(registered.data.message).toBe('The uploaded file is not a readable image/png image.')
  })

  it('refuses content of another allowed type than the presigned one, and a wrong declared size or type', async () => {
    const owner = await seedTenant(ctx.db)
    const jpeg = await jpegBytes()
    const { registered } = await uploadAndRegister(owner.token, jpeg, 'image/png')
    expect(registered.data.message).toBe(
      "The uploaded file's content is image/jpeg, not the declared image/png.",
    )
    const wrongSize = await uploadAndRegister(owner.token, PDF_BYTES, 'application/pdf', { size: 1 })
    expect(wrongSize.registered.statusCode).toBe(400)
    const wrongType = await uploadAndRegister(owner.token, PDF_BYTES, 'application/pdf', {
      mimeType: 'image/png',
    })
    expect(wrongType.registered.statusCode).toBe(400)
    expect((await call(ctx.app, 'GET', '/api/media', { token: owner.token })).data.media).toEqual([])
  })

  it('answers 400 before anything is uploaded, and 404 for keys this tenant did not presign', async () => {
    const owner = await seedTenant(ctx.db)
    const grant = await presign(ctx.app, owner.token, {
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      size: 100,
    })
    const early = await call(ctx.app, 'POST', '/api/media', { token: owner.token, body: { key: grant.key } })
    expect(early.statusCode).toBe(400)
    for (const key of [
      `${owner.tenantId}/2026/01/${'a'.repeat(24)}/x.pdf`,
      '../../etc/passwd',
      `${grant.key}/..`,
    ]) {
      const response = await call(ctx.app, 'POST', '/api/media', { token: owner.token, body: { key } })
      expect(response.statusCode, key).toBe(404)
    }
  })

  it('answers 404 to another tenant registering, adopting or reading a presigned key, and serves nothing unregistered', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const grant = await presign(ctx.app, owner.token, {
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      size: PDF_BYTES.length,
    })
    expect((await putUpload(ctx.app, grant.uploadUrl, PDF_BYTES, 'application/pdf')).statusCode).toBe(200)
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(grant.publicUrl) })).statusCode).toBe(404)
    const stolen = await call(ctx.app, 'POST', '/api/media', { token: other.token, body: { key: grant.key } })
    expect(stolen.statusCode).toBe(404)
    expect(stolen.data).toEqual({ error: 'NotFound', message: 'Upload not found.' })
    for (const body of [{ key: grant.key }, { sourceUrl: grant.publicUrl }]) {
      const adopted = await call(ctx.app, 'POST', '/api/media/register-existing', {
        token: other.token,
        body,
      })
      expect(adopted.statusCode).toBe(404)
    }
    const mine = await call(ctx.app, 'POST', '/api/media', { token: owner.token, body: { key: grant.key } })
    expect(mine.statusCode).toBe(200)
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(grant.publicUrl) })).statusCode).toBe(200)
  })
})
