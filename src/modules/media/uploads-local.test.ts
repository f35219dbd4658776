import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'
import {
  jpegBytes,
  PDF_BYTES,
  pathOf,
  presign,
  putUpload,
  uploadMedia,
  waitForVariants,
} from '../../../test/media-fixtures.js'

const ctx = useTestContext()

/** Waits until `check` holds (the object removal job runs after the deletion commits). */
async function eventually(check: () => boolean, what: string) {
  for (let i = 0; i < 400; i++) {
    if (check()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`Timed out waiting for ${what}`)
}

describe('uploads on the local driver, end to end', () => {
  it('presigns, PUTs with fetch, registers with variants, lists, serves and deletes', async () => {
    const owner = await seedTenant(ctx.db)
    await ctx.app.listen({ host: '127.0.0.1', port: 0 })
    const origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
    const bytes = await jpegBytes(2400, 1600)

    const grant = await presign(ctx.app, owner.token, {
      fileName: 'Ünïcode Holiday Photo.JPG',
      contentType: 'image/jpeg',
      size: bytes.length,
    })
    expect(grant.key).toMatch(
      new RegExp(`^${owner.tenantId}/\\d{4}/\\d{2}/[a-f0-9]{24}/unicode-holiday-photo\\.jpg$`),
    )
    expect(grant).toMatchObject({
      fileName: 'unicode-holiday-photo.jpg',
      folder: grant.key.slice(0, grant.key.lastIndexOf('/')),
      bucket: 'local',
      extension: 'jpg',
      maxUploadBytes: 104857600,
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      publicUrl: `http://localhost:3000/media/${grant.key}`,
    })
    // The URL points at Folio itself; the test server listens on its own port.
    const put = await fetch(`${origin}${pathOf(grant.uploadUrl)}`, {
      method: 'PUT',
      headers: grant.headers,
      body: bytes,
    })
    expect(put.status).toBe(200)
    expect(await put.json()).toEqual({ key: grant.key, size: bytes.length })

    const registered = await call(ctx.app, 'POST', '/api/media', {
      token: owner.token,
      body: {
        key: grant.key,
        altText: 'Beach',
        tags: ['Holiday'],
        mimeType: 'image/jpeg',
        size: bytes.length,
      },
    })
    expect(registered.statusCode, registered.body).toBe(200)
    expect(registered.data.media).toMatchObject({ variantsStatus: 'pending', variants: [] })
    const media = await waitForVariants(ctx.app, owner.token, registered.data.media.id)
    expect(media).toMatchObject({
      sourceType: 'upload',
      key: grant.key,
      url: grant.publicUrl,
      mimeType: 'image/jpeg',
      originalName: 'Ünïcode Holiday Photo.JPG',
      size: bytes.length,
      width: 2400,
      height: 1600,
      altText: 'Beach',
      tags: ['holiday'],
      variantsStatus: 'ready',
    })
    expect(
      media.variants.map((v: { name: string; width: number; height: number; mimeType: string }) => [
        v.name,
        v.width,
        v.height,
        v.mimeType,
      ]),
    ).toEqual([
      ['thumbnail', 150, 150, 'image/jpeg'],
      ['small', 480, 320, 'image/jpeg'],
      ['medium', 1024, 683, 'image/jpeg'],
      ['large', 1920, 1280, 'image/jpeg'],
      ['webp', 2400, 1600, 'image/webp'],
    ])

    const listed = await call(ctx.app, 'GET', '/api/media?mimeType=image/', { token: owner.token })
    expect(listed.data.media.map((m: { id: string }) => m.id)).toEqual([media.id])

    const file = await fetch(`${origin}${pathOf(media.url)}`)
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true)
    expect(file.headers.get('content-type')).toBe('image/jpeg')
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    expect(file.headers.get('content-disposition')).toBe('inline; filename="unicode-holiday-photo.jpg"')
    const etag = file.headers.get('etag') as string
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)

    const variant = await fetch(`${origin}${pathOf(media.variants[4].url)}`)
    expect(variant.headers.get('content-type')).toBe('image/webp')
    expect((await variant.arrayBuffer()).byteLength).toBe(media.variants[4].size)

    const deleted = await call(ctx.app, 'DELETE', `/api/media/${media.id}`, { token: owner.token })
    expect(deleted.data).toEqual({ success: true })
    expect((await fetch(`${origin}${pathOf(media.url)}`)).status).toBe(404)
    const path = join(ctx.dataDir, 'media', grant.key)
    await eventually(
      () => !existsSync(path) && !existsSync(join(ctx.dataDir, 'media', media.variants[0].key)),
      'the files removed',
    )
  })

  it('answers ranges, If-None-Match and HEAD, and sends non-media files as attachments', async () => {
    const owner = await seedTenant(ctx.db)
    const media = await uploadMedia(ctx.app, owner.token, PDF_BYTES, 'application/pdf')
    const url = pathOf(media.url)
    const full = await ctx.app.inject({ method: 'GET', url })
    expect(full.headers['content-disposition']).toBe('attachment; filename="file.pdf"')
    expect(full.headers['content-type']).toBe('application/pdf')
    expect(full.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    const etag = full.headers.etag as string

    const range = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-7' } })
    expect(range.statusCode).toBe(206)
    expect(range.body).toBe('%PDF-1.4')
    expect(range.headers['content-range']).toBe(`bytes 0-7/${PDF_BYTES.length}`)
    const suffix = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=-6' } })
    expect(suffix.statusCode).toBe(206)
    expect(suffix.body).toBe('%%EOF\n')
    const open = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=9-' } })
    expect(open.body).toBe(PDF_BYTES.subarray(9).toString())
    const beyond = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { range: `bytes=${PDF_BYTES.length}-` },
    })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe(`bytes */${PDF_BYTES.length}`)
    const stale = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { range: 'bytes=0-3', 'if-range': '"other"' },
    })
    expect(stale.statusCode).toBe(200)

    const cached = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })
    expect(cached.statusCode).toBe(304)
    expect(cached.body).toBe('')
    const head = await ctx.app.inject({ method: 'HEAD', url })
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-length']).toBe(String(PDF_BYTES.length))
    expect(head.body).toBe('')
  })
  it("removes every file of a tenant with removeTenant, and only that tenant's", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const mine = await uploadMedia(ctx.app, owner.token, PDF_BYTES, 'application/pdf')
    const theirs = await uploadMedia(ctx.app, other.token, PDF_BYTES, 'application/pdf')
    await ctx.app.folio.services.mediaStorage.removeTenant(owner.tenantId)
    expect(existsSync(join(ctx.dataDir, 'media', owner.tenantId))).toBe(false)
    expect(existsSync(join(ctx.dataDir, 'media', mine.key))).toBe(false)
    expect(existsSync(join(ctx.dataDir, 'media', theirs.key))).toBe(true)
  })
  it('refuses presign and registration with 403 LimitExceeded once limits.media is reached', async () => {
    const owner = await seedTenant(ctx.db)
    const grant = await presign(ctx.app, owner.token, {
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      size: PDF_BYTES.length,
    })
    expect((await putUpload(ctx.app, grant.uploadUrl, PDF_BYTES, 'application/pdf')).statusCode).toBe(200)
    await uploadMedia(ctx.app, owner.token, PDF_BYTES, 'application/pdf')
    const limited = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { limits: { media: 1 } },
    })
    expect(limited.statusCode, limited.body).toBe(200)
    const refused = await call(ctx.app, 'POST', '/api/media/presign', {
      token: owner.token,
      body: { fileName: 'b.pdf', contentType: 'application/pdf', size: 10 },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.data).toMatchObject({ error: 'LimitExceeded', limitName: 'media', limit: 1, usage: 1 })
    const late = await call(ctx.app, 'POST', '/api/media', { token: owner.token, body: { key: grant.key } })
    expect(late.statusCode).toBe(403)
    expect(late.data.error).toBe('LimitExceeded')
  })
  it('lets browser apps of any origin upload and read (CORS), with no credentials involved', async () => {
    const owner = await seedTenant(ctx.db)
    const grant = await presign(ctx.app, owner.token, {
      fileName: 'a.pdf',
      contentType: 'application/pdf',
      size: 10,
    })
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: pathOf(grant.uploadUrl),
      headers: { origin: 'https://app.example', 'access-control-request-method': 'PUT' },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD, PUT',
      'access-control-allow-headers': 'content-type, range, if-none-match',
    })
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined()
    const media = await uploadMedia(ctx.app, owner.token, PDF_BYTES, 'application/pdf')
    const read = await ctx.app.inject({
      method: 'GET',
      url: pathOf(media.url),
      headers: { origin: 'https://app.example' },
    })
    expect(read.headers['access-control-allow-origin']).toBe('*')
  })
})
