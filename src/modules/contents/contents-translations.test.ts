import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createContent, seedCategory, seedMedia, seedTag } from '../../../test/content-fixtures.js'
import { call, type SeededMember, seedApiToken, seedTenant, useTestContext } from '../../../test/helpers.js'
import { putSettings } from '../../../test/settings-fixtures.js'
import { outbox } from '../../db/schema/index.js'

const ctx = useTestContext()

/** A tenant serving en (default), tr, de and de-AT. */
async function multilingual(): Promise<SeededMember> {
  const owner = await seedTenant(ctx.db)
  const saved = await putSettings(ctx, owner, {
    locales: { available: ['en', 'tr', 'de', 'de-AT'], fallbacks: { 'de-AT': 'de' } },
  })
  expect(saved.statusCode, saved.body).toBe(200)
  return owner
}

const translate = (member: SeededMember | string, id: string, locale: string) =>
  call(ctx.app, 'POST', `/api/contents/${id}/translations`, {
    token: typeof member === 'string' ? member : member.token,
    body: { locale },
  })

const translationsOf = (member: SeededMember | string, id: string) =>
  call(ctx.app, 'GET', `/api/contents/${id}/translations`, {
    token: typeof member === 'string' ? member : member.token,
  })

const list = (member: SeededMember, query: string) =>
  call(ctx.app, 'GET', `/api/contents?${query}`, { token: member.token })

describe('contents in locales', () => {
  it('creates in the tenant’s default locale, or in the locale asked (canonical), as a group of its own', async () => {
    const owner = await multilingual()
    const english = await createContent(ctx, owner.token, { title: 'About' })
    expect(english).toMatchObject({ locale: 'en', translationGroupId: english.id, slug: 'about' })
    const austrian = await createContent(ctx, owner.token, { title: 'Über', locale: 'DE-at' })
    expect(austrian).toMatchObject({ locale: 'de-AT', translationGroupId: austrian.id, slug: 'uber' })

    const moved = await putSettings(ctx, owner, { locales: { default: 'tr' } })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(await createContent(ctx, owner.token, { title: 'Hakkında' })).toMatchObject({ locale: 'tr' })
  })

  it('refuses a locale the tenant does not have with a 400 naming it, and creates nothing', async () => {
    const owner = await multilingual()
    for (const locale of ['fr', 'en_GB']) {
      const refused = await call(ctx.app, 'POST', '/api/contents', {
        token: owner.token,
        body: { title: 'Bonjour', locale },
      })
      expect(refused.statusCode, refused.body).toBe(400)
      expect(refused.data.error).toBe('ValidationFailed')
      expect(refused.data.message).toBe(
        `locale "${locale}" is not one of the tenant's locales (en, tr, de, de-AT).`,
      )
    }
    expect((await list(owner, '')).data.pagination.total).toBe(0)
  })

  it('never changes a content’s locale by update', async () => {
    const owner = await multilingual()
    const content = await createContent(ctx, owner.token, { title: 'About' })
    const refused = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
      token: owner.token,
      body: { locale: 'tr' },
    })
    expect(refused.statusCode).toBe(400)
    const read = await call(ctx.app, 'GET', `/api/contents/${content.id}`, { token: owner.token })
    expect(read.data.content.locale).toBe('en')
  })

  it('keeps slugs unique per locale: the same slug in two locales, numbered or refused within one', async () => {
    const owner = await multilingual()
    const english = await createContent(ctx, owner.token, { title: 'About', slug: 'about' })
    const turkish = await createContent(ctx, owner.token, { title: 'About', slug: 'about', locale: 'tr' })
    expect([english.slug, turkish.slug]).toEqual(['about', 'about'])
    const taken = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'About again', slug: 'about', locale: 'tr' },
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.data.error).toBe('SlugConflict')
    const derived = await createContent(ctx, owner.token, { title: 'About', locale: 'tr' })
    expect(derived.slug).toBe('about-2')
    const renamed = await call(ctx.app, 'PUT', `/api/contents/${derived.id}`, {
      token: owner.token,
      body: { slug: 'about' },
    })
    expect(renamed.statusCode).toBe(409)

    const check = (query: string) =>
      call(ctx.app, 'GET', `/api/contents/check-slug?${query}`, { token: owner.token })
    expect((await check('slug=about&locale=de')).data).toEqual({ available: true, slug: 'about' })
    expect((await check('slug=about')).data).toMatchObject({
      available: false,
      suggestion: 'about-2',
      existingContent: { id: english.id },
    })
    expect((await check(`slug=about&contentId=${derived.id}`)).data).toMatchObject({
      available: false,
      suggestion: 'about-3',
      existingContent: { id: turkish.id },
    })

    const bySlug = (query: string) =>
      call(ctx.app, 'GET', `/api/contents/slug/about${query}`, { token: owner.token })
    expect((await bySlug('')).data.content.id).toBe(english.id)
    expect((await bySlug('?locale=tr')).data.content.id).toBe(turkish.id)
    expect((await bySlug('?locale=de')).statusCode).toBe(404)
  })
})

describe('POST /api/contents/{id}/translations', () => {
  it('makes a draft translation prefilled from the source, in its group, with the usual event', async () => {
    const owner = await multilingual()
    const category = await seedCategory(ctx.db, owner.tenantId, 'News')
    const tag = await seedTag(ctx.db, owner.tenantId, 'Cats')
    const image = await seedMedia(ctx.db, owner.tenantId)
    const gallery = await call(ctx.app, 'POST', '/api/galleries', {
      token: owner.token,
      body: { title: 'Trip', items: [{ mediaId: image }] },
    })
    expect(gallery.statusCode, gallery.body).toBe(200)
    const field = await call(ctx.app, 'POST', '/api/custom-field-definitions', {
      token: owner.token,
      body: { key: 'subtitle', label: 'Subtitle', type: 'text' },
    })
    expect(field.statusCode, field.body).toBe(200)
    const source = await createContent(ctx, owner.token, {
      title: 'About us',
      summary: 'Who we are',
      html: '<p>Hello</p>',
      lexical: { root: { children: [] } },
      status: 'published',
      authorName: 'Ada',
      type: 'page',
      order: 3,
      categories: [category],
      tags: [tag],
      featuredMediaId: image,
      customFields: { subtitle: 'Since 1999' },
    })
    const linked = await call(ctx.app, 'PUT', `/api/contents/${source.id}/galleries`, {
      token: owner.token,
      body: { galleryIds: [gallery.data.gallery.id] },
    })
    expect(linked.statusCode, linked.body).toBe(200)

    const response = await translate(owner, source.id, 'TR')
    expect(response.statusCode, response.body).toBe(201)
    const translation = response.data.content
    expect(translation).toMatchObject({
      locale: 'tr',
      translationGroupId: source.id,
      title: 'About us',
      slug: 'about-us',
      summary: 'Who we are',
      html: '<p>Hello</p>',
      lexical: { root: { children: [] } },
      status: 'draft',
      publishedAt: null,
      authorName: 'Ada',
      type: 'page',
      order: 3,
      parentId: null,
      categories: [category],
      tags: [tag],
      featuredMediaId: image,
      customFields: { subtitle: 'Since 1999' },
      galleryIds: [gallery.data.gallery.id],
      version: 1,
    })
    expect(translation.id).not.toBe(source.id)

    const [event] = await ctx.db
      .select({ type: outbox.type, payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.tenantId, owner.tenantId), eq(outbox.subjectId, translation.id)))
    expect(event).toEqual({
      type: 'content.created',
      payload: {
        id: translation.id,
        title: 'About us',
        slug: 'about-us',
        status: 'draft',
        locale: 'tr',
        translationOf: source.id,
      },
    })

    // A translation of the translation joins the same group.
    const german = await translate(owner, translation.id, 'de')
    expect(german.statusCode, german.body).toBe(201)
    expect(german.data.content).toMatchObject({ locale: 'de', translationGroupId: source.id })
  })

  it('numbers the slug when the locale has it already', async () => {
    const owner = await multilingual()
    await createContent(ctx, owner.token, { title: 'Elsewhere', slug: 'contact', locale: 'tr' })
    const source = await createContent(ctx, owner.token, { title: 'Contact', slug: 'contact' })
    const response = await translate(owner, source.id, 'tr')
    expect(response.statusCode, response.body).toBe(201)
    expect(response.data.content.slug).toBe('contact-2')
  })

  it('answers 409 when the group has the locale, 400 when the tenant lacks it, and makes nothing', async () => {
    const owner = await multilingual()
    const source = await createContent(ctx, owner.token, { title: 'Home' })
    expect((await translate(owner, source.id, 'tr')).statusCode).toBe(201)
    const twice = await translate(owner, source.id, 'tr')
    expect(twice.statusCode).toBe(409)
    expect(twice.data).toEqual({
      error: 'Conflict',
      message: 'This content already has a translation in "tr".',
    })
    const own = await translate(owner, source.id, 'en')
    expect(own.statusCode).toBe(409)
    const missing = await translate(owner, source.id, 'fr')
    expect(missing.statusCode).toBe(400)
    expect(missing.data.message).toBe('locale "fr" is not one of the tenant\'s locales (en, tr, de, de-AT).')
    const group = await translationsOf(owner, source.id)
    expect(group.data.translations.map((t: { locale: string }) => t.locale)).toEqual(['en', 'tr'])
  })

  it('gives a translated page the parent’s translation in its locale, else the source’s parent', async () => {
    const owner = await multilingual()
    const parent = await createContent(ctx, owner.token, { title: 'Company', type: 'page' })
    const child = await createContent(ctx, owner.token, { title: 'Team', type: 'page', parentId: parent.id })
    const turkishParent = await translate(owner, parent.id, 'tr')
    expect(turkishParent.data.content.parentId).toBeNull()
    const turkishChild = await translate(owner, child.id, 'tr')
    expect(turkishChild.data.content.parentId).toBe(turkishParent.data.content.id)
    const germanChild = await translate(owner, child.id, 'de')
    expect(germanChild.data.content.parentId).toBe(parent.id)
  })

  it('counts against the entries limit', async () => {
    const owner = await multilingual()
    const source = await createContent(ctx, owner.token, { title: 'Only one' })
    expect((await putSettings(ctx, owner, { limits: { entries: 1 } })).statusCode).toBe(200)
    const refused = await translate(owner, source.id, 'tr')
    expect(refused.statusCode).toBe(403)
    expect(refused.data.error).toBe('LimitExceeded')
  })
})

describe('GET /api/contents/{id}/translations', () => {
  it('lists the group, the content itself included, by locale; a token without preview sees published ones', async () => {
    const owner = await multilingual()
    const source = await createContent(ctx, owner.token, { title: 'Home', status: 'published' })
    const turkish = (await translate(owner, source.id, 'tr')).data.content
    await call(ctx.app, 'PUT', `/api/contents/${turkish.id}`, {
      token: owner.token,
      body: { title: 'Ana sayfa', slug: 'ana-sayfa' },
    })
    const german = (await translate(owner, source.id, 'de')).data.content
    const other = await createContent(ctx, owner.token, { title: 'Other' })

    const response = await translationsOf(owner, turkish.id)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.data).toEqual({
      translations: [
        {
          id: german.id,
          locale: 'de',
          title: 'Home',
          slug: 'home',
          status: 'draft',
          updatedAt: german.updatedAt,
        },
        {
          id: source.id,
          locale: 'en',
          title: 'Home',
          slug: 'home',
          status: 'published',
          updatedAt: source.updatedAt,
        },
        {
          id: turkish.id,
          locale: 'tr',
          title: 'Ana sayfa',
          slug: 'ana-sayfa',
          status: 'draft',
          updatedAt: expect.any(String),
        },
      ],
    })
    expect(
      (await translationsOf(owner, other.id)).data.translations.map((t: { id: string }) => t.id),
    ).toEqual([other.id])

    // A list item names the same translations, so a list needs no read per row.
    const listed = await call(ctx.app, 'GET', '/api/contents?view=summary&locale=tr', { token: owner.token })
    expect(listed.data.contents.map((c: { translations: unknown }) => c.translations)).toEqual([
      response.data.translations,
    ])

    const reader = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['read'] })
    const published = await translationsOf(reader, source.id)
    expect(published.data.translations.map((t: { id: string }) => t.id)).toEqual([source.id])
    expect((await translationsOf(reader, turkish.id)).statusCode).toBe(404)
    const readerList = await call(ctx.app, 'GET', '/api/contents?view=summary', { token: reader })
    expect(readerList.statusCode, readerList.body).toBe(200)
    expect(
      readerList.data.contents.map((c: { id: string; translations: { id: string }[] }) => [
        c.id,
        c.translations.map((t) => t.id),
      ]),
    ).toEqual([[source.id, [source.id]]])
  })

  it('deleting a content deletes that translation only; the others stay grouped', async () => {
    const owner = await multilingual()
    const source = await createContent(ctx, owner.token, { title: 'Home' })
    const turkish = (await translate(owner, source.id, 'tr')).data.content
    const german = (await translate(owner, source.id, 'de')).data.content
    const deleted = await call(ctx.app, 'DELETE', `/api/contents/${source.id}`, { token: owner.token })
    expect(deleted.statusCode).toBe(200)
    const group = await translationsOf(owner, turkish.id)
    expect(group.data.translations.map((t: { id: string }) => t.id)).toEqual([german.id, turkish.id])
    expect((await translationsOf(owner, source.id)).statusCode).toBe(404)
    // The group keeps its id (a value, not a reference): a new translation joins it.
    const english = await translate(owner, turkish.id, 'en')
    expect(english.statusCode, english.body).toBe(201)
    expect(english.data.content.translationGroupId).toBe(source.id)
  })

  it('answers 404 on both routes for another tenant’s content id', async () => {
    const owner = await multilingual()
    const stranger = await multilingual()
    const theirs = await createContent(ctx, stranger.token, { title: 'Theirs', status: 'published' })
    const made = await translate(owner, theirs.id, 'tr')
    expect(made.statusCode).toBe(404)
    expect(made.data).toEqual({ error: 'NotFound', message: 'Content not found.' })
    expect((await translationsOf(owner, theirs.id)).statusCode).toBe(404)
    const group = await translationsOf(stranger, theirs.id)
    expect(group.data.translations).toHaveLength(1)
  })
})

describe('admin lists by locale', () => {
  it('filter by locale and by missingLocale (documents with no translation in it)', async () => {
    const owner = await multilingual()
    const home = await createContent(ctx, owner.token, { title: 'Home' })
    const about = await createContent(ctx, owner.token, { title: 'About' })
    const turkishOnly = await createContent(ctx, owner.token, { title: 'Yalnız', locale: 'tr' })
    const homeTr = (await translate(owner, home.id, 'tr')).data.content
    const ids = async (query: string) => {
      const response = await list(owner, query)
      expect(response.statusCode, response.body).toBe(200)
      return response.data.contents.map((content: { id: string }) => content.id).sort()
    }
    expect(await ids('locale=tr')).toEqual([homeTr.id, turkishOnly.id].sort())
    expect(await ids('locale=EN')).toEqual([home.id, about.id].sort())
    expect(await ids('missingLocale=tr')).toEqual([about.id])
    expect(await ids('missingLocale=en')).toEqual([turkishOnly.id])
    expect(await ids('locale=en&missingLocale=tr')).toEqual([about.id])
    expect((await list(owner, 'locale=en&missingLocale=tr')).data.pagination.total).toBe(1)
    const bad = await list(owner, 'locale=en_GB')
    expect(bad.statusCode).toBe(400)
    expect(bad.data.details[0].path).toBe('querystring/locale')
  })
})
