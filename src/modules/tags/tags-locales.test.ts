import { describe, expect, it } from 'vitest'
import { call, type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { publicGet, useTestLocales } from '../../../test/translation-fixtures.js'

/** Tags per locale (docs/decisions/localization.md "Field-level localization"). */
const ctx = useTestContext({ PUBLIC_CLIENT_LIMIT: 'off' })

async function create(owner: SeededMember, body: Record<string, unknown>) {
  const response = await call(ctx.app, 'POST', '/api/tags', { token: owner.token, body })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.tag as { id: string; slug: string; translations: Record<string, unknown> }
}

const update = (owner: SeededMember, id: string, body: Record<string, unknown>) =>
  call(ctx.app, 'PUT', `/api/tags/${id}`, { token: owner.token, body })

/** A tenant with the test locales and a tag titled in English, German and Austrian German. */
async function streetFoodTenant() {
  const owner = await seedTenant(ctx.db)
  await useTestLocales(ctx, owner)
  const tag = await create(owner, {
    title: 'Street food',
    translations: { de: { title: 'Straßenessen', slug: 'strassenessen' }, 'de-AT': { title: 'Standl' } },
  })
  return { owner, tag }
}

describe('tag translations in admin reads and writes', () => {
  it('stores title and slug per locale, lists them, and replaces the map whole', async () => {
    const { owner, tag } = await streetFoodTenant()
    expect(tag.translations).toEqual({
      de: { title: 'Straßenessen', slug: 'strassenessen' },
      'de-AT': { title: 'Standl' },
    })
    const list = await call(ctx.app, 'GET', '/api/tags', { token: owner.token })
    expect(list.data.tags[0].translations).toEqual(tag.translations)
    const renamed = await update(owner, tag.id, { title: 'Street eats' })
    expect(renamed.data.tag.translations).toEqual(tag.translations)
    const replaced = await update(owner, tag.id, { translations: { tr: { title: ' Sokak lezzetleri ' } } })
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect(replaced.data.tag).toMatchObject({
      title: 'Street eats',
      translations: { tr: { title: 'Sokak lezzetleri' } },
    })
  })

  it('refuses a locale the tenant does not serve or the default with 400, changing nothing', async () => {
    const { owner, tag } = await streetFoodTenant()
    for (const [locale, message] of [
      ['fr', 'translations.fr names "fr", which is not one of the tenant\'s locales (en, de, de-AT, tr).'],
      ['en', "translations.en names the default locale, whose values are the record's own members."],
    ]) {
      const response = await update(owner, tag.id, {
        title: 'Changed',
        translations: { [locale as string]: { title: 'x' } },
      })
      expect(response.statusCode).toBe(400)
      expect(response.data.message).toBe(message)
      expect(response.data.details).toEqual([
        { path: `body/translations/${locale}`, message: expect.any(String) },
      ])
    }
    const list = await call(ctx.app, 'GET', '/api/tags', { token: owner.token })
    expect(list.data.tags.map((row: { title: string }) => row.title)).toEqual(['Street food'])
    expect(list.data.tags[0].translations).toEqual(tag.translations)
  })

  it('refuses a translated slug another tag holds in that locale (409), allows it in another', async () => {
    const { owner } = await streetFoodTenant()
    const clash = await call(ctx.app, 'POST', '/api/tags', {
      token: owner.token,
      body: { title: 'Snacks', translations: { de: { slug: 'strassenessen' } } },
    })
    expect(clash.statusCode).toBe(409)
    expect(clash.data.error).toBe('SlugConflict')
    const elsewhere = await create(owner, {
      title: 'Snacks',
      translations: { tr: { slug: 'strassenessen' } },
    })
    expect(elsewhere.translations).toEqual({ tr: { slug: 'strassenessen' } })
  })
})

describe('GET /api/public/tags in the reader’s locale', () => {
  it('answers title and slug through the chain, with locale and alternates', async () => {
    const { owner, tag } = await streetFoodTenant()
    const austrian = await publicGet(ctx, owner.tenantId, '/tags?locale=de-AT')
    expect(austrian.statusCode, austrian.body).toBe(200)
    expect(austrian.headers['content-language']).toBe('de-AT')
    expect(austrian.data).toEqual({
      tags: [
        {
          id: tag.id,
          title: 'Standl',
          slug: 'strassenessen',
          locale: 'de-AT',
          alternates: [
            { locale: 'en', slug: 'street-food' },
            { locale: 'de', slug: 'strassenessen' },
          ],
        },
      ],
      pagination: { page: 1, limit: 20, total: 1, pages: 1 },
    })
    const turkish = await publicGet(ctx, owner.tenantId, `/tags/${tag.id}`, { 'accept-language': 'tr' })
    expect(turkish.headers['content-language']).toBe('tr')
    expect(turkish.data.tag).toMatchObject({ title: 'Street food', slug: 'street-food', locale: 'en' })
  })

  it('with fallback=false lists only the tags of the locale, a missing member null', async () => {
    const { owner, tag } = await streetFoodTenant()
    await create(owner, { title: 'Coffee' })
    const austrian = await publicGet(ctx, owner.tenantId, '/tags?locale=de-AT&fallback=false')
    expect(austrian.data.tags).toEqual([
      expect.objectContaining({ id: tag.id, title: 'Standl', slug: null, locale: 'de-AT' }),
    ])
    expect(austrian.data.pagination.total).toBe(1)
    const english = await publicGet(ctx, owner.tenantId, '/tags?locale=en&fallback=false')
    expect(english.data.tags.map((row: { title: string }) => row.title)).toEqual(['Coffee', 'Street food'])
  })

  it('finds a tag by a slug of any locale and answers in the asked one', async () => {
    const { owner, tag } = await streetFoodTenant()
    const byGerman = await publicGet(ctx, owner.tenantId, '/tags/slug/strassenessen?locale=en')
    expect(byGerman.data.tag).toMatchObject({
      id: tag.id,
      title: 'Street food',
      slug: 'street-food',
      locale: 'en',
    })
    const byEnglish = await publicGet(ctx, owner.tenantId, '/tags/slug/street-food?locale=de')
    expect(byEnglish.data.tag).toMatchObject({ title: 'Straßenessen', slug: 'strassenessen', locale: 'de' })
  })

  it('answers 404 for another tenant’s tag by id and by slug', async () => {
    const { tag } = await streetFoodTenant()
    const stranger = await seedTenant(ctx.db)
    for (const path of [`/tags/${tag.id}`, '/tags/slug/street-food', '/tags/slug/strassenessen']) {
      const response = await publicGet(ctx, stranger.tenantId, path)
      expect(response.statusCode, path).toBe(404)
      expect(response.data).toEqual({ error: 'NotFound', message: 'Tag not found.' })
    }
  })

  it('keeps one delivery cache entry per locale, moved on by a tag change', async () => {
    const { owner, tag } = await streetFoodTenant()
    expect((await publicGet(ctx, owner.tenantId, '/tags?locale=de')).headers['x-cache']).toBe('MISS')
    const kept = await publicGet(ctx, owner.tenantId, '/tags?locale=de')
    expect(kept.headers['x-cache']).toBe('HIT')
    expect(kept.data.tags[0].title).toBe('Straßenessen')
    const turkish = await publicGet(ctx, owner.tenantId, '/tags?locale=tr')
    expect(turkish.headers['x-cache']).toBe('MISS')
    expect(turkish.data.tags[0].title).toBe('Street food')
    expect((await update(owner, tag.id, { translations: { de: { title: 'Imbiss' } } })).statusCode).toBe(200)
    const changed = await publicGet(ctx, owner.tenantId, '/tags?locale=de')
    expect(changed.headers['x-cache']).toBe('MISS')
    expect(changed.data.tags[0].title).toBe('Imbiss')
  })
})
