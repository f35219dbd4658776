import { describe, expect, it } from 'vitest'
import { call, type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { menuFixtures } from '../../../test/menu-fixtures.js'
import { publicGet, useTestLocales } from '../../../test/translation-fixtures.js'

/** Menu item titles per locale (docs/decisions/localization.md "Field-level localization"). */
const ctx = useTestContext({ PUBLIC_CLIENT_LIMIT: 'off' })
const { createMenu, addItem } = menuFixtures(ctx)

/** An active header menu: About (German, Austrian), Shop (German) > Sale (none), Travel category. */
async function localizedMenu(owner: SeededMember) {
  await useTestLocales(ctx, owner)
  const menu = await createMenu(owner.token, { name: 'Main', status: 'active' })
  const about = await addItem(owner.token, menu.id, {
    title: 'About',
    url: '/about',
    translations: { de: { title: 'Über uns' }, 'de-at': { title: 'Über uns (AT)' } },
  })
  const shop = await addItem(owner.token, menu.id, {
    title: 'Shop',
    url: '/shop',
    translations: { de: { title: 'Laden' } },
  })
  await addItem(owner.token, menu.id, { title: 'Sale', url: '/sale', parentId: shop.id })
  const category = await call(ctx.app, 'POST', '/api/categories', {
    token: owner.token,
    body: { name: 'Travel', translations: { de: { slug: 'reisen' } } },
  })
  expect(category.statusCode, category.body).toBe(200)
  await addItem(owner.token, menu.id, {
    title: 'Travel',
    type: 'category',
    referenceId: category.data.category.id,
  })
  return { menu, about, shop }
}

type PublicItem = { title: string | null; reference: { slug: string | null } | null; children: PublicItem[] }
const titles = (items: PublicItem[]): unknown[] =>
  items.map((item) => (item.children.length === 0 ? item.title : [item.title, titles(item.children)]))

describe('menu item translations', () => {
  it('stores titles per locale in admin reads and replaces them whole on an update', async () => {
    const owner = await seedTenant(ctx.db)
    const { menu, about } = await localizedMenu(owner)
    const read = await call(ctx.app, 'GET', `/api/menus/${menu.id}`, { token: owner.token })
    expect(read.data.menu.items[0].translations).toEqual({
      de: { title: 'Über uns' },
      'de-AT': { title: 'Über uns (AT)' },
    })
    expect(read.data.menu.items[1].children[0].translations).toEqual({})
    const updated = await call(ctx.app, 'PUT', `/api/menus/${menu.id}/items/${about.id}`, {
      token: owner.token,
      body: { translations: { tr: { title: ' Hakkımızda ' }, de: {} } },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect(updated.data.item.translations).toEqual({ tr: { title: 'Hakkımızda' } })
    const titled = await call(ctx.app, 'PUT', `/api/menus/${menu.id}/items/${about.id}`, {
      token: owner.token,
      body: { title: 'About us' },
    })
    expect(titled.data.item).toMatchObject({
      title: 'About us',
      translations: { tr: { title: 'Hakkımızda' } },
    })
  })

  it('refuses a locale that is not the tenant’s, or the default, with 400 and adds nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const { menu } = await localizedMenu(owner)
    for (const locale of ['fr', 'en', 'x']) {
      const response = await call(ctx.app, 'POST', `/api/menus/${menu.id}/items`, {
        token: owner.token,
        body: { title: 'Nope', url: '/nope', translations: { [locale]: { title: 'Non' } } },
      })
      expect(response.statusCode, locale).toBe(400)
      expect(response.data.message).toMatch(new RegExp(`^translations\\.${locale} `))
    }
    const read = await call(ctx.app, 'GET', `/api/menus/${menu.id}`, { token: owner.token })
    expect(read.data.menu.itemCount).toBe(4)
  })

  it('answers another tenant’s menu item with 404, whatever its translations', async () => {
    const owner = await seedTenant(ctx.db)
    const { menu, about } = await localizedMenu(owner)
    const stranger = await seedTenant(ctx.db)
    const response = await call(ctx.app, 'PUT', `/api/menus/${menu.id}/items/${about.id}`, {
      token: stranger.token,
      body: { translations: { de: { title: 'Gekapert' } } },
    })
    expect(response.statusCode).toBe(404)
  })
})

describe('GET /api/public/menus in the reader’s locale', () => {
  it('answers each title, and a category’s slug, from the chain', async () => {
    const owner = await seedTenant(ctx.db)
    await localizedMenu(owner)
    const read = (query: string, headers: Record<string, string> = {}) =>
      publicGet(ctx, owner.tenantId, `/menus/slug/main${query}`, headers)
    const austrian = await read('?locale=de-AT')
    expect(austrian.statusCode, austrian.body).toBe(200)
    expect(austrian.headers['content-language']).toBe('de-AT')
    expect(String(austrian.headers.vary)).toContain('Accept-Language')
    expect(titles(austrian.data.menu.tree)).toEqual(['Über uns (AT)', ['Laden', ['Sale']], 'Travel'])
    expect(austrian.data.menu.tree[2].reference.slug).toBe('reisen')
    const german = await read('', { 'accept-language': 'de' })
    expect(titles(german.data.menu.tree)).toEqual(['Über uns', ['Laden', ['Sale']], 'Travel'])
    const turkish = await read('?locale=tr')
    expect(titles(turkish.data.menu.tree)).toEqual(['About', ['Shop', ['Sale']], 'Travel'])
    expect(turkish.data.menu.tree[2].reference.slug).toBe('travel')
  })

  it('with fallback=false keeps the tree and answers null where the locale has no title', async () => {
    const owner = await seedTenant(ctx.db)
    await localizedMenu(owner)
    const german = await publicGet(ctx, owner.tenantId, '/menus/location/header?locale=de&fallback=false')
    expect(german.statusCode, german.body).toBe(200)
    expect(titles(german.data.menu.tree)).toEqual(['Über uns', ['Laden', [null]], null])
    expect(german.data.menu.tree[2].reference.slug).toBe('reisen')
    const turkish = await publicGet(ctx, owner.tenantId, '/menus/location/header?locale=tr&fallback=false')
    expect(titles(turkish.data.menu.tree)).toEqual([null, [null, [null]], null])
    expect(turkish.data.menu.tree[2].reference.slug).toBeNull()
  })

  it('keeps one delivery cache entry per locale, moved on by an item or category change', async () => {
    const owner = await seedTenant(ctx.db)
    const { menu, shop } = await localizedMenu(owner)
    const read = (locale: string) => publicGet(ctx, owner.tenantId, `/menus/slug/main?locale=${locale}`)
    expect((await read('de')).headers['x-cache']).toBe('MISS')
    expect((await read('de')).headers['x-cache']).toBe('HIT')
    const english = await read('en')
    expect(english.headers['x-cache']).toBe('MISS')
    expect(english.data.menu.tree[1].title).toBe('Shop')
    const changed = await call(ctx.app, 'PUT', `/api/menus/${menu.id}/items/${shop.id}`, {
      token: owner.token,
      body: { translations: { de: { title: 'Geschäft' } } },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const fresh = await read('de')
    expect(fresh.headers['x-cache']).toBe('MISS')
    expect(fresh.data.menu.tree[1].title).toBe('Geschäft')
  })
})
