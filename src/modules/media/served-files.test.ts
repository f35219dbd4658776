import { describe, expect, it } from 'vitest'
import { createCatalogue, createEntry } from '../../../test/collection-fixtures.js'
import { createContent } from '../../../test/content-fixtures.js'
import { call, type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { jpegBytes, PDF_BYTES, pathOf, uploadMedia } from '../../../test/media-fixtures.js'
import { putSettings } from '../../../test/settings-fixtures.js'
import { deleteTenant, restoreTenant } from '../../../test/tenant-fixtures.js'

const ctx = useTestContext()

const served = async (url: string) => (await ctx.app.inject({ method: 'GET', url: pathOf(url) })).statusCode

const turnDeliveryOff = async (owner: SeededMember) => {
  const response = await putSettings(ctx, owner.token, { edgeGateway: { publicReadEnabled: false } })
  expect(response.statusCode, response.body).toBe(200)
}

describe('served media files of a tenant that is not public', () => {
  it('are 404 while the tenant is pending deletion, and served again once it is restored', async () => {
    const owner = await seedTenant(ctx.db)
    const file = await uploadMedia(ctx.app, owner.token, PDF_BYTES, 'application/pdf')
    expect(await served(file.url)).toBe(200)
    const deleted = await deleteTenant(ctx, owner.token, owner.tenantId)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(await served(file.url)).toBe(404)
    const head = await ctx.app.inject({ method: 'HEAD', url: pathOf(file.url) })
    expect(head.statusCode).toBe(404)
    const restored = await restoreTenant(ctx, owner.token, owner.tenantId)
    expect(restored.statusCode, restored.body).toBe(200)
    expect(await served(file.url)).toBe(200)
  })

  it('with public delivery off, serves only files a published record shows', async () => {
    const owner = await seedTenant(ctx.db)
    const upload = () => uploadMedia(ctx.app, owner.token, PDF_BYTES, 'application/pdf')
    const [loose, featured, inline, inDraft, inEntry, inPlacement] = await Promise.all([
      upload(),
      uploadMedia(ctx.app, owner.token, await jpegBytes(), 'image/jpeg'),
      upload(),
      upload(),
      upload(),
      upload(),
    ])
    await createContent(ctx, owner.token, {
      title: 'Published',
      status: 'published',
      featuredMediaId: featured.id,
      html: `<p><a href="${inline.url}">the brochure</a></p>`,
    })
    await createContent(ctx, owner.token, {
      title: 'Draft',
      status: 'draft',
      html: `<p><a href="${inDraft.url}">not yet</a></p>`,
    })
    await createCatalogue(ctx, owner.token)
    await createEntry(ctx, owner.token, 'books', {
      status: 'published',
      data: { title: 'Dune', cover: inEntry.id },
    })
    const placement = await call(ctx.app, 'POST', '/api/placements', {
      token: owner.token,
      body: {
        slug: 'banner',
        name: 'Banner',
        category: 'banner',
        status: 'active',
        experiences: [
          { name: 'A', status: 'active', contentType: 'image', payload: { src: inPlacement.url } },
        ],
      },
    })
    expect(placement.statusCode, placement.body).toBe(200)
    for (const file of [loose, featured, inline, inDraft, inEntry, inPlacement]) {
      expect(await served(file.url)).toBe(200)
    }

    await turnDeliveryOff(owner)
    expect(await served(loose.url)).toBe(404)
    expect(await served(inDraft.url)).toBe(404)
    expect(await served(featured.url)).toBe(200)
    expect(await served(inline.url)).toBe(200)
    expect(await served(inEntry.url)).toBe(200)
    expect(await served(inPlacement.url)).toBe(200)
  })

  it('with public delivery off, serves an image of a gallery a published content carries', async () => {
    const owner = await seedTenant(ctx.db)
    const [shown, hidden] = await Promise.all([
      uploadMedia(ctx.app, owner.token, await jpegBytes(), 'image/jpeg'),
      uploadMedia(ctx.app, owner.token, await jpegBytes(), 'image/jpeg'),
    ])
    const gallery = async (mediaId: string) => {
      const response = await call(ctx.app, 'POST', '/api/galleries', {
        token: owner.token,
        body: { title: 'Holiday', items: [{ mediaId }] },
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.data.gallery.id as string
    }
    const post = await createContent(ctx, owner.token, { title: 'With gallery', status: 'published' })
    const draft = await createContent(ctx, owner.token, { title: 'Draft gallery', status: 'draft' })
    for (const [content, mediaId] of [
      [post.id, shown.id],
      [draft.id, hidden.id],
    ]) {
      const attached = await call(ctx.app, 'PUT', `/api/contents/${content}/galleries`, {
        token: owner.token,
        body: { galleryIds: [await gallery(mediaId)] },
      })
      expect(attached.statusCode, attached.body).toBe(200)
    }
    await turnDeliveryOff(owner)
    expect(await served(shown.url)).toBe(200)
    expect(await served(hidden.url)).toBe(404)
  })
})
