import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestContext, seedTenant, type TestContext } from '../../../test/helpers.js'
import { pngBytes, waitForVariants } from '../../../test/media-fixtures.js'

// The s3 driver against a local S3-compatible server on loopback (s3rver's fixed credentials).
let s3rver: S3rver
let directory: string
let ctx: TestContext

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'folio-s3rver-'))
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'folio-media', configs: [] }],
  })
  const { port } = (await s3rver.run()) as AddressInfo
  ctx = await createTestContext({
    env: {
      MEDIA_DRIVER: 's3',
      S3_BUCKET: 'folio-media',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  })
  await ctx.app.ready()
})

afterAll(async () => {
  await ctx.close()
  await s3rver.close()
  rmSync(directory, { recursive: true, force: true })
})

/** Waits until the object at `url` answers `status` (the removal job runs after the commit). */
async function eventuallyStatus(url: string, status: number) {
  for (let attempt = 0; attempt < 400; attempt++) {
    if ((await fetch(url)).status === status) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`${url} never answered ${status}`)
}

describe('uploads on the s3 driver, end to end', () => {
  it('presigns a PUT to the store, registers with variants, lists, reads back and deletes', async () => {
    const owner = await seedTenant(ctx.db)
    const bytes = await pngBytes(800, 600)
    const presigned = await call(ctx.app, 'POST', '/api/media/presign', {
      token: owner.token,
      body: { fileName: 'diagram.png', contentType: 'image/png', size: bytes.length },
    })
    expect(presigned.statusCode, presigned.body).toBe(200)
    const grant = presigned.data
    const endpoint = ctx.config.media.s3?.endpoint as string
    expect(grant).toMatchObject({ bucket: 'folio-media', publicUrl: `${endpoint}/folio-media/${grant.key}` })
    // The URL writes a staging key of the tenant's; registration moves the object to `key`.
    const staging = grant.key.replace(`${owner.tenantId}/`, `${owner.tenantId}/staging/`)
    expect(grant.uploadUrl).toMatch(new RegExp(`^${endpoint}/folio-media/${staging}\\?.*X-Amz-Signature=`))

    const put = await fetch(grant.uploadUrl, { method: 'PUT', headers: grant.headers, body: bytes })
    expect(put.status, await put.text()).toBe(200)
    const registered = await call(ctx.app, 'POST', '/api/media', {
      token: owner.token,
      body: { key: grant.key, title: 'Diagram' },
    })
    expect(registered.statusCode, registered.body).toBe(200)
    expect(registered.data.media.variantsStatus).toBe('pending')
    const media = await waitForVariants(ctx.app, owner.token, registered.data.media.id)
    expect(media).toMatchObject({
      variantsStatus: 'ready',
      key: grant.key,
      url: grant.publicUrl,
      width: 800,
      height: 600,
      size: bytes.length,
    })
    expect(media.variants.map((v: { name: string }) => v.name)).toEqual([
      'thumbnail',
      'small',
      'medium',
      'large',
      'webp',
    ])

    const listed = await call(ctx.app, 'GET', '/api/media', { token: owner.token })
    expect(listed.data.media.map((m: { id: string }) => m.id)).toEqual([media.id])
    expect((await fetch(`${endpoint}/folio-media/${staging}`)).status).toBe(404)
    const file = await fetch(media.url)
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true)
    const thumbnail = await fetch(media.variants[0].url)
    expect(thumbnail.status).toBe(200)

    expect((await call(ctx.app, 'DELETE', `/api/media/${media.id}`, { token: owner.token })).statusCode).toBe(
      200,
    )
    await eventuallyStatus(media.url, 404)
    await eventuallyStatus(media.variants[0].url, 404)
  })

  it('refuses a registration whose bytes are not the presigned type and removes the object', async () => {
    const owner = await seedTenant(ctx.db)
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    const grant = (
      await call(ctx.app, 'POST', '/api/media/presign', {
        token: owner.token,
        body: { fileName: 'x.png', contentType: 'image/png', size: html.length },
      })
    ).data
    expect((await fetch(grant.uploadUrl, { method: 'PUT', headers: grant.headers, body: html })).status).toBe(
      200,
    )
    const registered = await call(ctx.app, 'POST', '/api/media', {
      token: owner.token,
      body: { key: grant.key },
    })
    expect(registered.statusCode).toBe(400)
    expect((await fetch(grant.publicUrl)).status).toBe(404)
  })

  it('keeps a presigned PUT from replacing the object once it is registered', async () => {
    const owner = await seedTenant(ctx.db)
    const bytes = await pngBytes(40, 30)
    const grant = (
      await call(ctx.app, 'POST', '/api/media/presign', {
        token: owner.token,
        body: { fileName: 'logo.png', contentType: 'image/png', size: bytes.length },
      })
    ).data
    expect(
      (await fetch(grant.uploadUrl, { method: 'PUT', headers: grant.headers, body: bytes })).status,
    ).toBe(200)
    const registered = await call(ctx.app, 'POST', '/api/media', {
      token: owner.token,
      body: { key: grant.key },
    })
    expect(registered.statusCode, registered.body).toBe(200)
    // The URL is still unexpired: a second PUT of the same size and type is accepted by the store…
    const forged = Buffer.concat([bytes.subarray(0, 8), Buffer.alloc(bytes.length - 8, 0x41)])
    const again = await fetch(grant.uploadUrl, { method: 'PUT', headers: grant.headers, body: forged })
    expect(again.status).toBe(200)
    // …but lands on a staging key no media points at: the registered object is unchanged.
    const served = await fetch(registered.data.media.url)
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true)
    const staged = new URL(grant.uploadUrl)
    expect(staged.pathname).not.toBe(new URL(registered.data.media.url).pathname)
    // The stale grant's prune removes what the late PUT left.
    const staging = `${staged.origin}${staged.pathname}`
    expect((await fetch(staging)).status).toBe(200)
    await ctx.app.folio.services.mediaUploads.pruneUploads(new Date(Date.now() + 2 * 24 * 3600_000))
    expect((await fetch(staging)).status).toBe(404)
    expect((await fetch(registered.data.media.url)).status).toBe(200)
  })

  it("removes every object of a tenant with removeTenant, staged ones too, and only that tenant's", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const urls: Record<string, string[]> = {}
    for (const member of [owner, other]) {
      const bytes = await pngBytes(20, 20)
      const upload = async () => {
        const grant = (
          await call(ctx.app, 'POST', '/api/media/presign', {
            token: member.token,
            body: { fileName: 'p.png', contentType: 'image/png', size: bytes.length },
          })
        ).data
        await fetch(grant.uploadUrl, { method: 'PUT', headers: grant.headers, body: bytes })
        return grant
      }
      const registered = await upload()
      const media = await call(ctx.app, 'POST', '/api/media', {
        token: member.token,
        body: { key: registered.key },
      })
      expect(media.statusCode, media.body).toBe(200)
      const staged = new URL((await upload()).uploadUrl)
      urls[member.tenantId] = [registered.publicUrl, `${staged.origin}${staged.pathname}`]
    }
    await ctx.app.folio.services.mediaStorage.removeTenant(owner.tenantId)
    for (const url of urls[owner.tenantId] ?? []) expect((await fetch(url)).status, url).toBe(404)
    for (const url of urls[other.tenantId] ?? []) expect((await fetch(url)).status, url).toBe(200)
  })
})
