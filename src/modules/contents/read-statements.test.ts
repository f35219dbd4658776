import { describe, expect, it } from 'vitest'
import { createContent, seedCategory, seedMedia, seedTag } from '../../../test/content-fixtures.js'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'
import { FULL_FIELDS, LIST_FIELDS, SUMMARY_FIELDS } from './read-statements.js'
import { ContentPage, ContentSchema } from './schemas.js'

const ctx = useTestContext()

const sorted = (keys: Iterable<string>) => [...keys].sort()

// The contents reads send JSON that PostgreSQL built, past Fastify's response serializer: these hold
// that JSON to the declared response schemas (the OpenAPI contract and output allowlist).
describe('contents reads rendered by PostgreSQL', () => {
  it('project exactly the members of the response schemas', () => {
    expect(sorted(Object.keys(FULL_FIELDS))).toEqual(sorted(Object.keys(ContentSchema.properties)))
    const item = ContentPage.properties.contents.items
    expect(sorted(Object.keys({ ...FULL_FIELDS, ...LIST_FIELDS }))).toEqual(
      sorted(Object.keys(item.properties)),
    )
    expect(sorted(Object.keys({ ...SUMMARY_FIELDS, ...LIST_FIELDS }))).toEqual(sorted(item.required))
  })

  it('answer by id, by slug and in lists exactly what the serialized write answered', async () => {
    const { token, tenantId } = await seedTenant(ctx.db)
    const category = await seedCategory(ctx.db, tenantId, 'News')
    const tags = [await seedTag(ctx.db, tenantId, 'Zeta'), await seedTag(ctx.db, tenantId, 'Alpha')]
    const mediaId = await seedMedia(ctx.db, tenantId)
    const created = await createContent(ctx, token, {
      title: 'Quotes "and" \\ back\\slashes, </script> and ünïcode ✓',
      summary: 'Line\nbreak\tand tab',
      html: '<p>Hello <strong>world</strong></p>',
      lexical: { root: { children: [{ text: 'x', n: 1.5, flag: true, none: null }] } },
      customFields: { nested: { list: [1, 'two', { three: 3 }] }, empty: {}, big: 12345678901 },
      categories: [category],
      tags,
      featuredMediaId: mediaId,
      status: 'published',
      authorName: 'Ann',
    })
    const unpublished = await createContent(ctx, token, { title: 'Draft' })

    const byId = await call(ctx.app, 'GET', `/api/contents/${created.id}`, { token })
    expect(byId.statusCode).toBe(200)
    expect(byId.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(byId.data).toEqual({ content: created })

    const bySlug = await call(ctx.app, 'GET', `/api/contents/slug/${created.slug}`, { token })
    expect(bySlug.data).toEqual({ content: created })
    const draft = await call(ctx.app, 'GET', `/api/contents/${unpublished.id}`, { token })
    expect(draft.data).toEqual({ content: unpublished })
    expect(unpublished).toMatchObject({ lexical: null, featuredMediaId: null, publishedAt: null })

    // A list item names its document's translations (each content here is its only one).
    const listed = (content: typeof created) => ({
      ...content,
      translations: [
        {
          id: content.id,
          locale: 'en',
          title: content.title,
          slug: content.slug,
          status: content.status,
          updatedAt: content.updatedAt,
        },
      ],
    })
    const full = await call(ctx.app, 'GET', '/api/contents?limit=1&status=published', { token })
    expect(full.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(full.data).toEqual({
      contents: [listed(created)],
      pagination: { page: 1, limit: 1, total: 1, pages: 1 },
    })

    const summary = await call(ctx.app, 'GET', '/api/contents?view=summary', { token })
    const { html: _html, lexical: _lexical, ...summaryOfCreated } = listed(created)
    const { html: _draftHtml, lexical: _draftLexical, ...summaryOfDraft } = listed(unpublished)
    expect(summary.data).toEqual({
      contents: [summaryOfCreated, summaryOfDraft],
      pagination: { page: 1, limit: 20, total: 2, pages: 1 },
    })
  })

  it('answer an empty page and 404s as JSON', async () => {
    const { token } = await seedTenant(ctx.db)
    const empty = await call(ctx.app, 'GET', '/api/contents?page=3&limit=5', { token })
    expect(empty.statusCode).toBe(200)
    expect(empty.data).toEqual({ contents: [], pagination: { page: 3, limit: 5, total: 0, pages: 1 } })
    const missing = await call(ctx.app, 'GET', '/api/contents/slug/nothing-here', { token })
    expect(missing.statusCode).toBe(404)
    expect(missing.data).toEqual({ error: 'NotFound', message: expect.any(String) })
  })
})
