import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestContext, seedTenant, type TestContext } from '../../../test/helpers.js'
import { testImporter } from '../../../test/import-fixtures.js'
import { shape } from '../../../test/menu-fixtures.js'
import { customLink, folioLocationOf, planMenu } from './wordpress-menus.js'
import { phpStrings } from './wxr-document.js'
import type { WxrMenuItem } from './wxr-parser.js'

const WXR_FILE = fileURLToPath(
  new URL('../../../test/fixtures/wordpress/themeunittestdata.wordpress.xml', import.meta.url),
)

let ctx: TestContext
let tempDir: string
beforeAll(async () => {
  ctx = await createTestContext()
  tempDir = mkdtempSync(join(tmpdir(), 'folio-wxr-menus-'))
})
afterAll(async () => {
  rmSync(tempDir, { recursive: true, force: true })
  await ctx.close()
})

const menuItem = (postId: string, parentId: string, order: number): WxrMenuItem => ({
  key: postId,
  postId,
  menuSlug: 'm',
  title: postId,
  order,
  parentId,
  kind: 'custom',
  object: 'custom',
  objectId: postId,
  url: '#',
  target: '',
  classes: [],
  description: '',
  status: 'publish',
})

describe('folioLocationOf', () => {
  it("maps a menu named for a theme location to Folio's location, by slug or by name", () => {
    const cases: [string, string, string | undefined][] = [
      ['primary', 'Primary', 'header'],
      ['primary-menu', 'Primary Menu', 'header'],
      ['main-navigation', 'Whatever', 'header'],
      ['menu', 'Main Menu', 'header'],
      ['menu-1', 'Menu 1', 'header'],
      ['top', 'Top', 'header'],
      ['header-nav', 'Header', 'header'],
      ['footer', 'Footer', 'footer'],
      ['footer-links', 'Footer Links', 'footer'],
      ['secondary-menu', 'Secondary', 'footer'],
      ['menu-2', 'Menu 2', 'footer'],
      ['bottom', 'Bottom', 'footer'],
      ['sidebar-menu', 'Sidebar menu', 'sidebar'],
      ['mobile-menu', 'Mobile menu', 'mobile'],
      ['handheld', 'Handheld', 'mobile'],
      // Named for nothing Folio has: stays at custom.
      ['social-menu', 'Social Menu', undefined],
      ['all-pages', 'All Pages', undefined],
      ['testing-menu', 'Testing Menu', undefined],
      ['menu-3', 'Menu 3', undefined],
      ['primary-school-links-list', 'Primary school links list', undefined],
    ]
    for (const [slug, name, location] of cases) {
      expect(folioLocationOf({ slug, name }), `${slug} / ${name}`).toBe(location)
    }
  })
})

describe('planMenu and customLink', () => {
  it('puts parents first, siblings by menu order, and hangs items deeper than 3 levels at level 3', () => {
    const plan = planMenu([
      menuItem('e', 'd', 5),
      menuItem('d', 'c', 4),
      menuItem('c', 'b', 3),
      menuItem('b', 'a', 2),
      menuItem('a', '', 1),
      menuItem('z', '', 0),
      menuItem('orphan', 'missing', 9),
      menuItem('x', 'y', 7),
      menuItem('y', 'x', 8),
    ])
    expect(plan.map((p) => [p.item.postId, p.parentId, p.flattened ?? false])).toEqual([
      ['z', '', false],
      ['a', '', false],
      ['b', 'a', false],
      ['c', 'b', false],
      ['d', 'b', true],
      ['e', 'b', true],
      ['x', '', false],
      ['y', '', false],
      ['orphan', '', false],
    ])
  })

  it('reads the class names of a PHP-serialized array, leaving out empty ones', () => {
    expect(phpStrings('a:1:{i:0;s:0:"";}')).toEqual([])
    expect(phpStrings('a:2:{i:0;s:4:"menu";i:1;s:6:"button";}')).toEqual(['menu', 'button'])
    expect(phpStrings('not serialized')).toEqual([])
  })

  it('keeps site paths, turns links into the imported site into paths and refuses script URLs', () => {
    const site = 'https://old.example.com'
    expect(customLink('#', site)).toEqual({ type: 'custom', url: '#' })
    expect(customLink('https://old.example.com/about/?a=1#x', site)).toEqual({
      type: 'custom',
      url: '/about/?a=1#x',
    })
    expect(customLink('https://twitter.com/wp', site)).toEqual({
      type: 'external',
      url: 'https://twitter.com/wp',
    })
    expect(customLink('mailto:a@b.example', '')).toEqual({ type: 'external', url: 'mailto:a@b.example' })
    expect(customLink('javascript:alert(1)', site)).toBeNull()
    expect(customLink('not a url', site)).toBeNull()
  })
})

describe('importing the menus of the theme unit test export', () => {
  let tenantId: string
  let token: string

  beforeAll(async () => {
    const owner = await seedTenant(ctx.db)
    tenantId = owner.tenantId
    token = owner.token
    await testImporter(ctx.db).run({ file: WXR_FILE, tenantSlug: `t-${tenantId}` })
  }, 120_000)

  it('creates the six menus, active at the custom location, with their item counts', async () => {
    const response = await call(ctx.app, 'GET', '/api/menus?limit=100', { token })
    expect(
      response.data.menus.map((menu: { slug: string; itemCount: number }) => [menu.slug, menu.itemCount]),
    ).toEqual([
      ['all-pages', 18],
      ['all-pages-flat', 18],
      ['empty-menu', 0],
      ['short', 6],
      ['social-menu', 5],
      ['testing-menu', 23],
    ])
    expect(
      new Set(
        response.data.menus.map(
          (menu: { status: string; location: string }) => `${menu.status}/${menu.location}`,
        ),
      ),
    ).toEqual(new Set(['active/custom']))
  })

  it('keeps the hierarchy, titles, targets, classes and references', async () => {
    const menus = (await call(ctx.app, 'GET', '/api/menus?search=Testing', { token })).data.menus
    const menu = (await call(ctx.app, 'GET', `/api/menus/${menus[0].id}`, { token })).data.menu
    const outline = shape(menu.items)
    // "Depth" nests "Level 01" … "Level 10" eleven deep: from "Level 03" on they hang at level 3.
    expect(outline).toEqual([
      'Pages(Page Image Alignment,Page Markup And Formatting)',
      'Categories(Markup,Post Formats,Unpublished)',
      'Depth(Level 01(Level 02,Level 03,Level 04,Level 05,Level 06,Level 07,Level 08,Level 09,Level 10))',
      'Advanced(Menu Title Attribute,Menu CSS Class,New Window / Tab)',
      'Menu Description',
    ])
    const flat = (nodes: { children: unknown[] }[]): Record<string, unknown>[] =>
      nodes.flatMap((node) => [
        node as Record<string, unknown>,
        ...flat(node.children as { children: unknown[] }[]),
      ])
    const items = flat(menu.items)
    expect(items.find((item) => item.title === 'New Window / Tab')).toMatchObject({
      type: 'external',
      url: 'https://wordpressfoundation.org/',
      target: '_blank',
    })
    expect(items.find((item) => item.title === 'Menu CSS Class')).toMatchObject({
      cssClasses: 'custom-menu-css-class',
    })
    const categoryItems = items.filter((item) => item.type === 'category')
    expect(categoryItems).toHaveLength(3)
    for (const item of categoryItems) expect(item.referenceId).toMatch(/^[a-f0-9]{24}$/)
    const pages = await call(ctx.app, 'GET', `/api/public/menus/slug/all-pages`, {
      headers: { 'x-tenant-id': tenantId },
    })
    expect(pages.statusCode).toBe(200)
    const about = pages.data.menu.tree.find((node: { title: string }) => node.title === 'About The Tests')
    expect(about.reference).toMatchObject({ type: 'content', slug: 'about' })
  })

  it('creates nothing on a second run', async () => {
    const again = await testImporter(ctx.db).run({ file: WXR_FILE, tenantSlug: `t-${tenantId}` })
    expect(again.counts.menus).toEqual({ created: 0, existing: 6, updated: 0, skipped: 0 })
    expect(again.counts.menuItems).toEqual({ created: 0, existing: 70, updated: 0, skipped: 0 })
    const response = await call(ctx.app, 'GET', '/api/menus?limit=100', { token })
    expect(response.data.pagination.total).toBe(6)
  })
})

describe('menu items that cannot link anywhere', () => {
  it('are kept hidden with a problem, and draft items are skipped', async () => {
    const owner = await seedTenant(ctx.db)
    const NS =
      'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"'
    const entry = (
      id: number,
      type: string,
      object: string,
      objectId: string,
      url: string,
      status = 'publish',
    ) =>
      `<item><title>Item ${id}</title><wp:post_id>${id}</wp:post_id><wp:status>${status}</wp:status>
       <wp:menu_order>${id}</wp:menu_order><wp:post_type>nav_menu_item</wp:post_type>
       <category domain="nav_menu" nicename="main"><![CDATA[Main]]></category>
       <wp:postmeta><wp:meta_key>_menu_item_type</wp:meta_key><wp:meta_value>${type}</wp:meta_value></wp:postmeta>
       <wp:postmeta><wp:meta_key>_menu_item_object</wp:meta_key><wp:meta_value>${object}</wp:meta_value></wp:postmeta>
       <wp:postmeta><wp:meta_key>_menu_item_object_id</wp:meta_key><wp:meta_value>${objectId}</wp:meta_value></wp:postmeta>
       <wp:postmeta><wp:meta_key>_menu_item_url</wp:meta_key><wp:meta_value><![CDATA[${url}]]></wp:meta_value></wp:postmeta>
       </item>`
    const file = join(tempDir, 'menus.xml')
    writeFileSync(
      file,
      `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" ${NS}><channel><title>S</title><link>https://s.example</link>
      ${entry(1, 'post_type', 'page', '999', '')}${entry(2, 'taxonomy', 'post_tag', '5', '')}
      ${entry(3, 'custom', 'custom', '3', 'javascript:alert(1)')}${entry(4, 'custom', 'custom', '4', 'https://s.example/x')}
      ${entry(5, 'custom', 'custom', '5', '/draft', 'draft')}</channel></rss>`,
    )
    const summary = await testImporter(ctx.db).run({ file, tenantSlug: `t-${owner.tenantId}` })
    expect(summary.counts.menuItems).toEqual({ created: 4, existing: 0, updated: 0, skipped: 1 })
    expect(summary.skipped).toEqual({ 'nav_menu_item status draft': 1 })
    expect(summary.problems.map((problem) => problem.key)).toEqual([
      'menu-item:1',
      'menu-item:2',
      'menu-item:3',
    ])
    const menus = (await call(ctx.app, 'GET', '/api/menus', { token: owner.token })).data.menus
    const menu = (await call(ctx.app, 'GET', `/api/menus/${menus[0].id}`, { token: owner.token })).data.menu
    expect(menu.items.map((item: { url: string; isVisible: boolean }) => [item.url, item.isVisible])).toEqual(
      [
        ['#', false],
        ['#', false],
        ['#', false],
        ['/x', true],
      ],
    )
  })
})
