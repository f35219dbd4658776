import { describe, expect, it } from 'vitest'
import { createContent } from '../../../test/content-fixtures.js'
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

/** Translates `source` into `locale` as a draft, then gives it `slug` and publishes it unless told not to. */
async function translate(
  owner: SeededMember,
  sourceId: string,
  locale: string,
  slug: string,
  publish = true,
) {
  const made = await call(ctx.app, 'POST', `/api/contents/${sourceId}/translations`, {
    token: owner.token,
    body: { locale },
  })
  expect(made.statusCode, made.body).toBe(201)
  const saved = await call(ctx.app, 'PUT', `/api/contents/${made.data.content.id}`, {
    token: owner.token,
    body: { slug, ...(publish ? { status: 'published' } : {}) },
  })
  expect(saved.statusCode, saved.body).toBe(200)
  return saved.data.content as { id: string; slug: string }
}

describe('a menu item linking a content, in the reader’s locale', () => {
  /** `about` in English (published), German (published) and Turkish (a draft), linked by one item. */
  async function aboutMenu() {
    const owner = await seedTenant(ctx.db)
    await useTestLocales(ctx, owner)
    const about = await createContent(ctx, owner.token, { title: 'About', status: 'published' })
    const german = await translate(owner, about.id, 'de', 'ueber-uns')
    await translate(owner, about.id, 'tr', 'hakkimizda', false)
    const menu = await createMenu(owner.token, { name: 'Main', status: 'active' })
    const item = await addItem(owner.token, menu.id, {
      title: 'About',
      type: 'content',
      referenceId: about.id,
    })
    const reference = async (query: string) =>
      (await publicGet(ctx, owner.tenantId, `/menus/slug/main${query}`)).data.menu.tree[0]?.reference
    return { owner, about, german, menu, item, reference }
  }

  it('links the published translation of the first locale of the chain that has one', async () => {
    const { about, german, reference } = await aboutMenu()
    expect(await reference('?locale=de-AT')).toEqual({
      type: 'content',
      id: german.id,
      slug: 'ueber-uns',
      locale: 'de',
    })
    expect(await reference('?locale=en')).toEqual({
      type: 'content',
      id: about.id,
      slug: 'about',
      locale: 'en',
    })
    // The Turkish translation is a draft: Turkish readers follow the chain to English.
    expect(await reference('?locale=tr')).toEqual({
      type: 'content',
      id: about.id,
      slug: 'about',
      locale: 'en',
    })
    // fallback=false: no Turkish page to link; the item stays, its slug null.
    expect(await reference('?locale=tr&fallback=false')).toEqual({
      type: 'content',
      id: about.id,
      slug: null,
      locale: null,
    })
  })

  it('resolves from whichever translation the item names, and leads somewhere when the chain has none', async () => {
    const { owner, about, german, menu, item, reference } = await aboutMenu()
    const relinked = await call(ctx.app, 'PUT', `/api/menus/${menu.id}/items/${item.id}`, {
      token: owner.token,
      body: { referenceId: german.id },
    })
    expect(relinked.statusCode, relinked.body).toBe(200)
    expect(await reference('?locale=en')).toEqual({
      type: 'content',
      id: about.id,
      slug: 'about',
      locale: 'en',
    })
    const drafted = await call(ctx.app, 'PUT', `/api/contents/${about.id}`, {
      token: owner.token,
      body: { status: 'draft' },
    })
    expect(drafted.statusCode, drafted.body).toBe(200)
    // Turkish readers' chain (tr, en) has no published translation left: the linked German one.
    expect(await reference('?locale=tr')).toEqual({
      type: 'content',
      id: german.id,
      slug: 'ueber-uns',
      locale: 'de',
    })
    const unpublished = await call(ctx.app, 'PUT', `/api/contents/${german.id}`, {
      token: owner.token,
      body: { status: 'draft' },
    })
    expect(unpublished.statusCode, unpublished.body).toBe(200)
    // Nothing of the document is published: the item leaves the tree.
    expect(await reference('?locale=de')).toBeUndefined()
  })
})
