import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'
import {
  PDF_BYTES,
  pngBytes,
  presign,
  putUpload,
  uploadMedia,
  waitForVariants,
} from '../../../test/media-fixtures.js'

const ctx = useTestContext()

/** An object PUT under a fresh grant of `token`'s tenant, not registered. */
async function stored(token: string, bytes: Buffer, contentType: string) {
  const grant = await presign(ctx.app, token, { fileName: 'doc', contentType, size: bytes.length })
  expect((await putUpload(ctx.app, grant.uploadUrl, bytes, contentType)).statusCode).toBe(200)
  return grant
}

const adopt = (token: string, body: Record<string, unknown>) =>
  call(ctx.app, 'POST', '/api/media/register-existing', { token, body })

describe('POST /api/media/register-existing', () => {
  it('records a stored object named by key or by its public URL, once', async () => {
    const owner = await seedTenant(ctx.db)
    const byKey = await stored(owner.token, PDF_BYTES, 'application/pdf')
    const first = await adopt(owner.token, { key: byKey.key, description: 'Adopted', tags: 'Docs' })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.data.media).toMatchObject({
      key: byKey.key,
      mimeType: 'application/pdf',
      size: PDF_BYTES.length,
      description: 'Adopted',
      tags: ['docs'],
      originalName: 'doc',
    })
    expect((await adopt(owner.token, { key: byKey.key })).statusCode).toBe(409)
    expect(
      (await call(ctx.app, 'POST', '/api/media', { token: owner.token, body: { key: byKey.key } }))
        .statusCode,
    ).toBe(409)

    const png = await pngBytes(30, 20)
    const byUrl = await stored(owner.token, png, 'image/png')
    const second = await adopt(owner.token, { sourceUrl: byUrl.publicUrl, originalName: 'chart.png' })
    expect(second.statusCode, second.body).toBe(200)
    expect(second.data.media).toMatchObject({
      key: byUrl.key,
      width: 30,
      height: 20,
      originalName: 'chart.png',
      variantsStatus: 'pending',
    })
    const ready = await waitForVariants(ctx.app, owner.token, second.data.media.id)
    expect(ready.variants).toHaveLength(5)
  })

  it('answers 400 for neither or both, foreign or malformed URLs, and 404 for keys not this tenant’s', async () => {
    const owner = await seedTenant(ctx.db)
    const uploaded = await uploadMedia(ctx.app, owner.token, await pngBytes(), 'image/png')
    const media = await waitForVariants(ctx.app, owner.token, uploaded.id)
    const grant = await stored(owner.token, PDF_BYTES, 'application/pdf')
    for (const body of [
      {},
      { key: grant.key, sourceUrl: grant.publicUrl },
      { sourceUrl: 'https://elsewhere.example/a.pdf' },
      { sourceUrl: `${grant.publicUrl}%E0%A4%A` },
    ]) {
      expect((await adopt(owner.token, body)).statusCode, JSON.stringify(body)).toBe(400)
    }
    for (const key of [
      media.variants[0].key,
      `${owner.tenantId}/2026/01/${'b'.repeat(24)}/missing.pdf`,
      `${'a'.repeat(24)}/2026/01/${'b'.repeat(24)}/x.pdf`,
      '../etc/passwd',
    ]) {
      expect((await adopt(owner.token, { key })).statusCode, key).toBe(404)
    }
  })

  it('refuses a type off the allow-list with 400, removing an upload made under a grant as registration does', async () => {
    const owner = await seedTenant(ctx.db)
    const grant = await stored(owner.token, PDF_BYTES, 'application/pdf')
    await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { metadata: { mediaAllowedMimeTypes: ['image/png'] } },
    })
    const refused = await adopt(owner.token, { key: grant.key })
    expect(refused.statusCode).toBe(400)
    expect(refused.data.message).toBe('Files of type application/pdf are not accepted by this tenant.')
    expect(existsSync(join(ctx.dataDir, 'media', grant.key))).toBe(false)
  })
})

describe('pruning upload grants', () => {
  it('removes grants a day past expiry and the files of those never registered', async () => {
    const owner = await seedTenant(ctx.db)
    const abandoned = await stored(owner.token, PDF_BYTES, 'application/pdf')
    const kept = await uploadMedia(ctx.app, owner.token, PDF_BYTES, 'application/pdf')
    const uploads = ctx.app.folio.services.mediaUploads
    expect(await uploads.pruneUploads(new Date())).toBe(0)
    expect(await uploads.pruneUploads(new Date(Date.now() + 25 * 3600_000))).toBeGreaterThanOrEqual(2)
    expect(existsSync(join(ctx.dataDir, 'media', abandoned.key))).toBe(false)
    expect(existsSync(join(ctx.dataDir, 'media', kept.key))).toBe(true)
    const late = await call(ctx.app, 'POST', '/api/media', {
      token: owner.token,
      body: { key: abandoned.key },
    })
    expect(late.statusCode).toBe(404)
    expect((await call(ctx.app, 'GET', `/api/media/${kept.id}`, { token: owner.token })).statusCode).toBe(200)
  })
})
