import { describe, expect, it } from 'vitest'
import { call, type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { publicGet, useTestLocales } from '../../../test/translation-fixtures.js'
import { newId } from '../../lib/ids.js'

/** Categories per locale (docs/decisions/localization.md "Field-level localization"). */
const ctx = useTestContext({ PUBLIC_CLIENT_LIMIT: 'off' })

async function create(owner: SeededMember, body: Record<string, unknown>) {
  const response = await call(ctx.app, 'POST', '/api/categories', { token: owner.token, body })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.category as { id: string; slug: string; translations: Record<string, unknown> }
}

const update = (owner: SeededMember, id: string, body: Record<string, unknown>) =>
  call(ctx.app, 'PUT', `/api/categories/${id}`, { token: owner.token, body })

/** A tenant with the test locales and one category: English values, German and Austrian ones in part. */
async function travelTenant() {
  const owner = await seedTenant(ctx.db)
  await useTestLocales(ctx, owner)
  const travel = await create(owner, {
    name: 'Travel',
    description: 'Trips',
    translations: {
      de: { name: 'Reisen', slug: 'reisen', description: 'Ausflüge' },
      'de-AT': { name: 'Urlaub' },
      tr: { slug: 'seyahat' },
    },
  })
  return { owner, travel }
}

describe('category translations in admin reads and writes', () => {
  it('stores them canonical and trimmed, drops empty locales, and reads them back', async () => {
    const owner = await seedTenant(ctx.db)
    await useTestLocales(ctx, owner)
    const category = await create(owner, {
      name: 'News',
      translations: {
        'DE-at': { name: '  Neuigkeiten ', slug: 'Neuigkeiten Heute!' },
        tr: { description: '' },
        de: {},
      },
    })
    expect(category.translations).toEqual({ 'de-AT': { name: 'Neuigkeiten', slug: 'neuigkeiten-heute' } })
    const read = await call(ctx.app, 'GET', `/api/categories/${category.id}`, { token: owner.token })
    expect(read.data.category.translations).toEqual({
      'de-AT': { name: 'Neuigkeiten', slug: 'neuigkeiten-heute' },
    })
    const list = await call(ctx.app, 'GET', '/api/categories?flat=true&limit=10', { token: owner.token })
    expect(list.data.categories[0].translations).toEqual(read.data.category.translations)
  })

  it('keeps the map on a PUT without it and replaces it whole on a PUT with it', async () => {
    const { owner, travel } = await travelTenant()
    const renamed = await update(owner, travel.id, { name: 'Journeys' })
    expect(renamed.data.category.translations).toEqual({
      de: { name: 'Reisen', slug: 'reisen', description: 'Ausflüge' },
      'de-AT': { name: 'Urlaub' },
      tr: { slug: 'seyahat' },
    })
    const replaced = await update(owner, travel.id, { translations: { tr: { name: 'Seyahat' } } })
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect(replaced.data.category.translations).toEqual({ tr: { name: 'Seyahat' } })
    const cleared = await update(owner, travel.id, { translations: {} })
    expect(cleared.data.category.translations).toEqual({})
    // The German slug went with its translation: it names nothing any more.
    expect((await publicGet(ctx, owner.tenantId, '/categories/slug/reisen')).statusCode).toBe(404)
  })

  it('refuses a locale that is not the tenant’s, the default, or twice, naming translations.<locale>', async () => {
    const { owner, travel } = await travelTenant()
    const refusals: [unknown, string, string][] = [
      [{ fr: { name: 'Voyages' } }, 'body/translations/fr', 'translations.fr names "fr", which is not one'],
      [{ en: { name: 'Travel' } }, 'body/translations/en', 'translations.en names the default locale'],
      [{ en_GB: { name: 'Travel' } }, 'body/translations/en_GB', 'translations.en_GB is not keyed by'],
      [
        { 'de-AT': { name: 'A' }, 'DE-at': { name: 'B' } },
        'body/translations/DE-at',
        'translations.DE-at names "de-AT" a second time',
      ],
      [{ tr: { slug: '%%%' } }, 'body/translations/tr/slug', 'translations.tr.slug must contain'],
    ]
    for (const [translations, path, message] of refusals) {
      const response = await update(owner, travel.id, { name: 'Changed', translations })
      expect(response.statusCode, JSON.stringify(translations)).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
      expect(response.data.message).toContain(message)
      expect(response.data.details.map((detail: { path: string }) => detail.path)).toEqual([path])
      const created = await call(ctx.app, 'POST', '/api/categories', {
        token: owner.token,
        body: { name: 'Never', translations },
      })
      expect(created.statusCode).toBe(400)
    }
    for (const translations of [
      { tr: { name: '' } },
      { tr: { name: 'x', color: 'red' } },
      { tr: 'Seyahat' },
    ]) {
      const response = await update(owner, travel.id, { translations })
      expect(response.statusCode, JSON.stringify(translations)).toBe(400)
    }
    const after = await call(ctx.app, 'GET', `/api/categories/${travel.id}`, { token: owner.token })
    expect(after.data.category.name).toBe('Travel')
    expect(after.data.category.translations.de).toEqual({
      name: 'Reisen',
      slug: 'reisen',
      description: 'Ausflüge',
    })
    const all = await call(ctx.app, 'GET', '/api/categories?flat=true', { token: owner.token })
    expect(all.data.categories.map((category: { name: string }) => category.name)).toEqual(['Travel'])
  })

  it('keeps a slug unique within its locale (409) and free across locales', async () => {
    const { owner, travel } = await travelTenant()
    const clash = await call(ctx.app, 'POST', '/api/categories', {
      token: owner.token,
      body: { name: 'Other', translations: { de: { slug: 'Reisen' } } },
    })
    expect(clash.statusCode).toBe(409)
    expect(clash.data).toEqual({ error: 'SlugConflict', message: 'The slug "reisen" is already in use.' })
    expect(
      (await call(ctx.app, 'GET', '/api/categories?flat=true', { token: owner.token })).data.categories,
    ).toHaveLength(1)
    // The same slug in another locale, as another category's own (default) slug, or as the
    // category's own slug in two locales: all allowed.
    const other = await create(owner, { name: 'Reisen', translations: { tr: { slug: 'reisen' } } })
    expect(other.slug).toBe('reisen')
    const same = await update(owner, travel.id, {
      translations: { de: { slug: 'travel' }, 'de-AT': { slug: 'travel' } },
    })
    expect(same.statusCode, same.body).toBe(200)
    const moved = await update(owner, other.id, {
      translations: { tr: { slug: 'reisen' }, de: { slug: 'travel' } },
    })
    expect(moved.statusCode).toBe(409)
    expect(moved.data.message).toBe('The slug "travel" is already in use.')
    const kept = await call(ctx.app, 'GET', `/api/categories/${other.id}`, { token: owner.token })
    expect(kept.data.category.translations).toEqual({ tr: { slug: 'reisen' } })
  })

  it('answers 404 for another tenant’s category, before looking at its translations', async () => {
    const { travel } = await travelTenant()
    const stranger = await seedTenant(ctx.db)
    const response = await update(stranger, travel.id, { translations: { fr: { name: 'x' } } })
    expect(response.statusCode).toBe(404)
  })
})

describe('GET /api/public/categories in the reader’s locale', () => {
  it('answers each member from the first locale of the chain that has it', async () => {
    const { owner, travel } = await travelTenant()
    const austrian = await publicGet(ctx, owner.tenantId, `/categories/${travel.id}?locale=de-AT`)
    expect(austrian.statusCode, austrian.body).toBe(200)
    expect(austrian.data.category).toEqual({
      id: travel.id,
      name: 'Urlaub',
      slug: 'reisen',
      description: 'Ausflüge',
      parentId: null,
      position: 0,
      locale: 'de-AT',
      alternates: [
        { locale: 'en', slug: 'travel' },
        { locale: 'de', slug: 'reisen' },
        { locale: 'tr', slug: 'seyahat' },
      ],
    })
    const turkish = await publicGet(ctx, owner.tenantId, `/categories/${travel.id}?locale=tr`)
    expect(turkish.data.category).toMatchObject({
      name: 'Travel',
      slug: 'seyahat',
      description: 'Trips',
      locale: 'en',
      alternates: [
        { locale: 'de', slug: 'reisen' },
        { locale: 'tr', slug: 'seyahat' },
      ],
    })
    const english = await publicGet(ctx, owner.tenantId, `/categories/${travel.id}`)
    expect(english.data.category).toMatchObject({ name: 'Travel', slug: 'travel', locale: 'en' })
  })

  it('negotiates Accept-Language, says Content-Language and varies by Accept-Language', async () => {
    const { owner, travel } = await travelTenant()
    const response = await publicGet(ctx, owner.tenantId, `/categories/${travel.id}`, {
      'accept-language': 'fr;q=0.9, de-AT',
    })
    expect(response.headers['content-language']).toBe('de-AT')
    expect(String(response.headers.vary).split(', ')).toEqual([
      'X-Tenant-ID',
      'Origin',
      'X-Preview-Token',
      'Accept-Language',
    ])
    expect(response.data.category.name).toBe('Urlaub')
    const list = await publicGet(ctx, owner.tenantId, '/categories', { 'accept-language': 'de-CH' })
    expect(list.headers['content-language']).toBe('de')
    expect(list.data.categories.map((category: { name: string }) => category.name)).toEqual(['Reisen'])
    const refused = await publicGet(ctx, owner.tenantId, '/categories?locale=fr')
    expect(refused.statusCode).toBe(400)
    expect(refused.data.error).toBe('ValidationFailed')
  })

  it('with fallback=false serves only categories that have the locale, a missing member null', async () => {
    const { owner, travel } = await travelTenant()
    const plain = await create(owner, { name: 'Food' })
    const austrian = await publicGet(ctx, owner.tenantId, '/categories?flat=true&locale=de-AT&fallback=false')
    expect(austrian.statusCode, austrian.body).toBe(200)
    expect(austrian.data.categories).toEqual([
      {
        id: travel.id,
        name: 'Urlaub',
        slug: null,
        description: null,
        parentId: null,
        position: 0,
        locale: 'de-AT',
        alternates: [
          { locale: 'en', slug: 'travel' },
          { locale: 'de', slug: 'reisen' },
          { locale: 'tr', slug: 'seyahat' },
        ],
      },
    ])
    expect(austrian.data.pagination).toEqual({ page: 1, limit: 1, total: 1, pages: 1 })
    const turkish = await publicGet(ctx, owner.tenantId, `/categories/${travel.id}?locale=tr&fallback=false`)
    expect(turkish.data.category).toMatchObject({
      name: null,
      slug: 'seyahat',
      description: null,
      locale: 'tr',
    })
    const missing = await publicGet(ctx, owner.tenantId, `/categories/${plain.id}?locale=tr&fallback=false`)
    expect(missing.statusCode).toBe(404)
    // The default locale: every category has its own values.
    const english = await publicGet(ctx, owner.tenantId, '/categories?flat=true&locale=en&fallback=false')
    expect(english.data.categories.map((category: { name: string }) => category.name)).toEqual([
      'Travel',
      'Food',
    ])
  })

  it('nests the tree and pages it like the admin list', async () => {
    const { owner, travel } = await travelTenant()
    await create(owner, { name: 'Europe', parentId: travel.id, translations: { de: { name: 'Europa' } } })
    await create(owner, { name: 'Food', translations: { de: { name: 'Essen' } } })
    const tree = await publicGet(ctx, owner.tenantId, '/categories?locale=de-AT&limit=1&page=1')
    expect(tree.data.pagination).toEqual({ page: 1, limit: 1, total: 2, pages: 2 })
    expect(tree.data.categories).toHaveLength(1)
    expect(tree.data.categories[0].name).toBe('Urlaub')
    expect(tree.data.categories[0].children.map((child: { name: string }) => child.name)).toEqual(['Europa'])
  })

  it('finds a slug of any locale, the chain first, and answers in the asked locale', async () => {
    const { owner, travel } = await travelTenant()
    // "gift" is English for one category and German (poison) for another.
    const gift = await create(owner, {
      name: 'Gift',
      translations: { de: { name: 'Geschenk', slug: 'geschenk' } },
    })
    const poison = await create(owner, {
      name: 'Poison',
      translations: { de: { name: 'Gift', slug: 'gift' } },
    })
    const read = async (path: string) => (await publicGet(ctx, owner.tenantId, path)).data.category
    expect((await read('/categories/slug/gift?locale=de')).id).toBe(poison.id)
    expect((await read('/categories/slug/gift?locale=de-AT')).id).toBe(poison.id)
    expect((await read('/categories/slug/gift?locale=en')).id).toBe(gift.id)
    expect((await read('/categories/slug/gift?locale=tr')).id).toBe(gift.id)
    // A slug of another locale than the chain's: found, and answered in the asked locale.
    expect(await read('/categories/slug/seyahat?locale=de')).toMatchObject({
      id: travel.id,
      name: 'Reisen',
      slug: 'reisen',
      locale: 'de',
    })
    expect(await read('/categories/slug/geschenk')).toMatchObject({ id: gift.id, slug: 'gift', locale: 'en' })
    const foreign = await publicGet(ctx, owner.tenantId, '/categories/slug/seyahat?locale=de&fallback=false')
    expect(foreign.data.category).toMatchObject({ id: travel.id, slug: 'reisen', locale: 'de' })
    const none = await publicGet(ctx, owner.tenantId, '/categories/slug/nowhere')
    expect(none.statusCode).toBe(404)
  })

  it('answers 404 for another tenant’s category by id and by slug', async () => {
    const { travel } = await travelTenant()
    const stranger = await seedTenant(ctx.db)
    await useTestLocales(ctx, stranger)
    for (const path of [
      `/categories/${travel.id}?locale=de`,
      '/categories/slug/reisen?locale=de',
      `/categories/${newId()}`,
    ]) {
      const response = await publicGet(ctx, stranger.tenantId, path)
      expect(response.statusCode, path).toBe(404)
      expect(response.data).toEqual({ error: 'NotFound', message: 'Category not found.' })
    }
    const list = await publicGet(ctx, stranger.tenantId, '/categories?locale=de')
    expect(list.data.categories).toEqual([])
  })

  it('keeps one delivery cache entry per negotiated locale, moved on by a change', async () => {
    const { owner, travel } = await travelTenant()
    const path = `/categories/${travel.id}`
    const first = await publicGet(ctx, owner.tenantId, path, { 'accept-language': 'de' })
    expect(first.headers['x-cache']).toBe('MISS')
    // Another header that negotiates the same locale reads the same entry.
    const same = await publicGet(ctx, owner.tenantId, path, { 'accept-language': 'de-CH, en;q=0.5' })
    expect(same.headers['x-cache']).toBe('HIT')
    expect(same.data.category.name).toBe('Reisen')
    const austrian = await publicGet(ctx, owner.tenantId, path, { 'accept-language': 'de-AT' })
    expect(austrian.headers['x-cache']).toBe('MISS')
    expect(austrian.data.category.name).toBe('Urlaub')
    expect((await update(owner, travel.id, { translations: { de: { name: 'Fahrten' } } })).statusCode).toBe(
      200,
    )
    const changed = await publicGet(ctx, owner.tenantId, path, { 'accept-language': 'de' })
    expect(changed.headers['x-cache']).toBe('MISS')
    expect(changed.data.category.name).toBe('Fahrten')
    expect(changed.headers['surrogate-key']).toBe(
      `t:${owner.tenantId} category:${travel.id} categories:${owner.tenantId}`,
    )
  })
})
