import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'
import {
  jpegBytes,
  noisyImageBytes,
  pathOf,
  pngBytes,
  presign,
  putUpload,
  uploadMedia,
  waitForVariants,
} from '../../../test/media-fixtures.js'
import { outbox } from '../../db/schema/index.js'
import type { MediaStorage } from './storage.js'
import { MAKE_VARIANTS_OPTIONS } from './variant-jobs.js'
import { PROBE_BYTES } from './variants.js'

// A 1 MP limit, so images "beyond the limit" stay small.
const ctx = useTestContext({ MEDIA_MAX_IMAGE_PIXELS: '1000000' })

/** Presigns and PUTs `bytes` as `contentType`, then registers the key: the response. */
async function register(token: string, bytes: Buffer, contentType: string) {
  const grant = await presign(ctx.app, token, { fileName: 'photo', contentType, size: bytes.length })
  expect((await putUpload(ctx.app, grant.uploadUrl, bytes, contentType)).statusCode).toBe(200)
  const registered = await call(ctx.app, 'POST', '/api/media', { token, body: { key: grant.key } })
  return { grant, registered }
}

const storage = () => ctx.app.folio.services.mediaStorage as MediaStorage

describe('image variants made in the background', () => {
  it('answers the registration before the variants exist; the job adds them, the thumbnail and an event', async () => {
    const owner = await seedTenant(ctx.db)
    const media = await uploadMedia(ctx.app, owner.token, await jpegBytes(1200, 800), 'image/jpeg')
    expect(media).toMatchObject({
      width: 1200,
      height: 800,
      variantsStatus: 'pending',
      variants: [],
      thumbnailUrl: null,
    })
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(media.url) })).statusCode).toBe(200)

    const ready = await waitForVariants(ctx.app, owner.token, media.id)
    expect(ready.variantsStatus).toBe('ready')
    expect(
      ready.variants.map((v: { name: string; width: number; height: number }) => [v.name, v.width, v.height]),
    ).toEqual([
      ['thumbnail', 150, 150],
      ['small', 480, 320],
      ['medium', 1024, 683],
      ['large', 1200, 800],
      ['webp', 1200, 800],
    ])
    expect(ready.thumbnailUrl).toBe(ready.variants[0].url)
    const thumbnail = await ctx.app.inject({ method: 'GET', url: pathOf(ready.thumbnailUrl) })
    expect(thumbnail.statusCode).toBe(200)
    expect(thumbnail.headers['content-type']).toBe('image/jpeg')
    const events = await ctx.db
      .select({ actor: outbox.actor, payload: outbox.payload })
      .from(outbox)
      .where(
        and(
          eq(outbox.tenantId, owner.tenantId),
          eq(outbox.subjectId, media.id),
          eq(outbox.type, 'media.updated'),
        ),
      )
    expect(events).toEqual([
      {
        actor: { kind: 'system', name: 'media-variants' },
        payload: expect.objectContaining({ variantsStatus: 'ready' }),
      },
    ])
  })

  it('reads no more than the first bytes of the stored object while registering', async () => {
    const owner = await seedTenant(ctx.db)
    const bytes = await noisyImageBytes(1000, 1000, 'jpeg')
    expect(bytes.length).toBeGreaterThan(3 * PROBE_BYTES)
    const store = storage() as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
    const originals = { ...store }
    let bytesRead = 0
    let counting = false
    // Every byte the store hands out while the registration runs is counted, whatever the method.
    for (const method of ['readStart', 'read', 'localFile'] as const) {
      const original = originals[method]
      if (original === undefined) continue
      store[method] = async (...args: unknown[]) => {
        const result = await original(...args)
        if (counting) bytesRead += Buffer.isBuffer(result) ? result.length : bytes.length
        return result
      }
    }
    try {
      const grant = await presign(ctx.app, owner.token, {
        fileName: 'big',
        contentType: 'image/jpeg',
        size: bytes.length,
      })
      expect((await putUpload(ctx.app, grant.uploadUrl, bytes, 'image/jpeg')).statusCode).toBe(200)
      counting = true
      const registered = await call(ctx.app, 'POST', '/api/media', {
        token: owner.token,
        body: { key: grant.key },
      })
      counting = false
      expect(registered.statusCode, registered.body).toBe(200)
      expect(registered.data.media).toMatchObject({ width: 1000, height: 1000, size: bytes.length })
      expect(bytesRead).toBeGreaterThan(0)
      expect(bytesRead).toBeLessThanOrEqual(PROBE_BYTES)
      expect((await waitForVariants(ctx.app, owner.token, registered.data.media.id)).variantsStatus).toBe(
        'ready',
      )
    } finally {
      Object.assign(store, originals)
    }
  })

  it('refuses an image beyond MEDIA_MAX_IMAGE_PIXELS with 400 at registration and removes its file', async () => {
    const owner = await seedTenant(ctx.db)
    const { grant, registered } = await register(owner.token, await pngBytes(1200, 1000), 'image/png')
    expect(registered.statusCode).toBe(400)
    expect(registered.data).toEqual({
      error: 'ValidationFailed',
      message: 'The image is 1200×1000 pixels (1.2 MP); images above 1 MP are not accepted.',
    })
    expect(existsSync(join(ctx.dataDir, 'media', grant.key))).toBe(false)
    const within = await register(owner.token, await pngBytes(1000, 1000), 'image/png')
    expect(within.registered.statusCode, within.registered.body).toBe(200)
  })

  it('measures in the job an image whose header lies beyond the first bytes, failing one beyond the limit', async () => {
    const owner = await seedTenant(ctx.db)
    const small = await noisyImageBytes(800, 600, 'webp')
    const large = await noisyImageBytes(1200, 1000, 'webp')
    expect(small.length).toBeGreaterThan(PROBE_BYTES)
    const within = await register(owner.token, small, 'image/webp')
    expect(within.registered.data.media).toMatchObject({
      width: null,
      height: null,
      variantsStatus: 'pending',
    })
    const beyond = await register(owner.token, large, 'image/webp')
    expect(beyond.registered.statusCode, beyond.registered.body).toBe(200)

    const measured = await waitForVariants(ctx.app, owner.token, within.registered.data.media.id)
    expect(measured).toMatchObject({ width: 800, height: 600, variantsStatus: 'ready' })
    expect(measured.variants).toHaveLength(5)
    const failed = await waitForVariants(ctx.app, owner.token, beyond.registered.data.media.id)
    expect(failed).toMatchObject({ variantsStatus: 'failed', variants: [], thumbnailUrl: null })
    // The original stays what it is: usable, and without variants.
    expect((await ctx.app.inject({ method: 'GET', url: pathOf(failed.url) })).statusCode).toBe(200)
  })

  it('fails the variants of a file with an image header and other content, without retrying', async () => {
    const owner = await seedTenant(ctx.db)
    const jpeg = await noisyImageBytes(1000, 1000, 'jpeg')
    const polyglot = Buffer.concat([jpeg.subarray(0, 2 * PROBE_BYTES), Buffer.from('<html>'.repeat(1000))])
    const { registered } = await register(owner.token, polyglot, 'image/jpeg')
    expect(registered.data.media).toMatchObject({ width: 1000, variantsStatus: 'pending' })
    const failed = await waitForVariants(ctx.app, owner.token, registered.data.media.id)
    expect(failed).toMatchObject({ variantsStatus: 'failed', variants: [] })
    expect(
      existsSync(join(ctx.dataDir, 'media', `${registered.data.media.key.replace(/[^/]+$/, '')}variants`)),
    ).toBe(false)
  })

  it('retries a store failure and records failed after the last attempt', async () => {
    const owner = await seedTenant(ctx.db)
    const store = storage()
    const write = store.write
    store.write = async () => {
      throw new Error('The store is down')
    }
    try {
      const media = await uploadMedia(ctx.app, owner.token, await jpegBytes(300, 200), 'image/jpeg')
      const job = { tenantId: owner.tenantId, mediaId: media.id }
      const makeVariants = ctx.app.folio.services.mediaUploads.makeVariants
      await expect(makeVariants(job, { retryCount: 0 })).rejects.toThrow('The store is down')
      const read = async () =>
        (await call(ctx.app, 'GET', `/api/media/${media.id}`, { token: owner.token })).data.media
      expect((await read()).variantsStatus).toBe('pending')
      await expect(makeVariants(job, { retryCount: MAKE_VARIANTS_OPTIONS.retryLimit })).rejects.toThrow(
        'The store is down',
      )
      expect(await read()).toMatchObject({ variantsStatus: 'failed', variants: [], thumbnailUrl: null })
    } finally {
      store.write = write
    }
  })
})
