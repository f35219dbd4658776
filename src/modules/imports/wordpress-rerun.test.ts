import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { call, type SeededMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { postExport, waitForImport } from '../../../test/import-fixtures.js'
import type { Import } from './schemas.js'

// What an editor meets in the first week after an import (docs/decisions/imports.md): classic text
// keeps its paragraphs, contents an earlier import left as one wall of text are repaired by running
// the import again, and menus named for a theme location take Folio's.

const ctx = useTestContext()

const REAL_EXPORT = readFileSync(
  fileURLToPath(new URL('../../../test/fixtures/wordpress/themeunittestdata.wordpress.xml', import.meta.url)),
  'utf8',
)

/** The raw `content:encoded` of the export's item with `slug`, as WordPress stored it. */
function rawContent(slug: string): string {
  for (const [, item = ''] of REAL_EXPORT.matchAll(/<item>([\s\S]*?)<\/item>/g)) {
    if (!new RegExp(`<wp:post_name>(?:<!\\[CDATA\\[)?${slug}(?:\\]\\]>)?</wp:post_name>`).test(item)) continue
    return /<content:encoded><!\[CDATA\[([\s\S]*?)\]\]><\/content:encoded>/.exec(item)?.[1] ?? ''
  }
  throw new Error(`no item ${slug}`)
}

async function runImport(owner: SeededMember, xml: string | Buffer = REAL_EXPORT): Promise<Import> {
  const started = await postExport(ctx.app, owner.token, xml)
  expect(started.statusCode, started.body).toBe(202)
  const done = await waitForImport(ctx.app, owner.token, started.data.import.id, 120_000)
  expect(done.status, done.error ?? '').toBe('succeeded')
  return done
}

async function contentBySlug(owner: SeededMember, slug: string) {
  const response = await call(ctx.app, 'GET', `/api/contents/slug/${slug}`, { token: owner.token })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.content as { id: string; html: string; version: number }
}

async function versionsOf(owner: SeededMember, id: string): Promise<number[]> {
  const response = await call(ctx.app, 'GET', `/api/contents/${id}/versions`, { token: owner.token })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.versions.map((version: { version: number }) => version.version)
}

/** Saves `html` as the content's html, as an editor (or the importer before paragraphs) would. */
async function saveHtml(owner: SeededMember, id: string, html: string) {
  const response = await call(ctx.app, 'PUT', `/api/contents/${id}`, { token: owner.token, body: { html } })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.content as { html: string; version: number }
}

describe('classic WordPress text keeps its paragraphs', () => {
  it('imports the theme unit test export with paragraphs and line breaks, and block content as it was', async () => {
    const owner = await seedTenant(ctx.db)
    await runImport(owner)

    const disabled = await contentBySlug(owner, 'template-comments-disabled')
    expect(disabled.html).toBe(
      '<p>This post has its comments, pingbacks, and trackbacks disabled.</p>\n' +
        '<p>There should be no comment reply form, but <em>should</em> display pingbacks and trackbacks.</p>\n',
    )
    expect(disabled.version).toBe(1)
    const chat = await contentBySlug(owner, 'post-format-chat')
    expect(chat.html).toMatch(
      /^<p>Abbott: Strange as it may seem, they give ball players nowadays very peculiar names\.<\/p>\n<p>Costello: Funny names\?<\/p>\n/,
    )
    // A list ends the paragraph before it and gets none around its items.
    const pingbacks = await contentBySlug(owner, 'template-pingbacks-an-trackbacks')
    expect(pingbacks.html).toContain('<p>There are a few ways to list them.</p>\n<ol>')
    expect(pingbacks.html).not.toMatch(/<p>\s*<li/)
    // A standalone [gallery] is left alone, not made a paragraph.
    const gallery = await contentBySlug(owner, 'post-format-gallery')
    expect(gallery.html.startsWith('[gallery]\n')).toBe(true)

    // Block-editor content is stored exactly as the same html saved by anyone.
    const blocks = await contentBySlug(owner, 'keyboard-navigation')
    const sameHtml = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'Same html', html: rawContent('keyboard-navigation') },
    })
    expect(sameHtml.statusCode, sameHtml.body).toBe(200)
    expect(blocks.html).toBe(sameHtml.data.content.html)
    expect(blocks.html).not.toContain('<br />')
  }, 180_000)

  it('repairs on a re-run the contents an earlier import left as raw text, with a new version, and leaves edited ones', async () => {
    const owner = await seedTenant(ctx.db)
    await runImport(owner)
    // The state the importer before paragraphs left: the export's raw text as the stored html.
    const wall = await contentBySlug(owner, 'template-comments-disabled')
    const wallBefore = await saveHtml(owner, wall.id, rawContent('template-comments-disabled'))
    expect(wallBefore.html).toBe(
      'This post has its comments, pingbacks, and trackbacks disabled.\n\nThere should be no comment reply form, but <em>should</em> display pingbacks and trackbacks.',
    )
    const page = await contentBySlug(owner, 'page-with-comments-disabled')
    await saveHtml(owner, page.id, rawContent('page-with-comments-disabled'))
    // An editor's own change of that raw text is theirs: never touched.
    const edited = await contentBySlug(owner, 'post-format-chat')
    const editedHtml = `${rawContent('post-format-chat')}\n\nAn editor added this line.`
    const editedBefore = await saveHtml(owner, edited.id, editedHtml)

    const rerun = await runImport(owner)
    expect(rerun.counts.posts).toMatchObject({ created: 0, updated: 1 })
    expect(rerun.counts.pages).toMatchObject({ created: 0, updated: 1 })

    const repaired = await contentBySlug(owner, 'template-comments-disabled')
    expect(repaired.html).toBe(
      '<p>This post has its comments, pingbacks, and trackbacks disabled.</p>\n' +
        '<p>There should be no comment reply form, but <em>should</em> display pingbacks and trackbacks.</p>\n',
    )
    expect(repaired.version).toBe(3)
    expect(await versionsOf(owner, wall.id)).toEqual([3, 2, 1])
    const repairedPage = await contentBySlug(owner, 'page-with-comments-disabled')
    expect(repairedPage.html.startsWith('<p>')).toBe(true)
    expect(repairedPage.version).toBe(3)
    const untouched = await contentBySlug(owner, 'post-format-chat')
    expect(untouched.html).toBe(editedBefore.html)
    expect(untouched.version).toBe(editedBefore.version)

    // Once repaired, a third run has nothing left to change.
    const third = await runImport(owner)
    expect(third.counts.posts.updated).toBe(0)
    expect(third.counts.pages.updated).toBe(0)
    expect((await contentBySlug(owner, 'template-comments-disabled')).version).toBe(3)
  }, 300_000)
})

const NAMESPACES =
  'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"'

/** An export of menus named `names` (slug, name), each with one link. */
function menusExport(names: [string, string][]): string {
  const terms = names
    .map(
      ([slug, name]) =>
        `<wp:term><wp:term_taxonomy>nav_menu</wp:term_taxonomy><wp:term_slug>${slug}</wp:term_slug><wp:term_name>${name}</wp:term_name></wp:term>`,
    )
    .join('')
  const items = names
    .map(
      ([slug, name], index) =>
        `<item><title>${name} link</title><wp:post_id>${100 + index}</wp:post_id><wp:status>publish</wp:status>
        <wp:post_type>nav_menu_item</wp:post_type><category domain="nav_menu" nicename="${slug}">${name}</category>
        <wp:postmeta><wp:meta_key>_menu_item_type</wp:meta_key><wp:meta_value>custom</wp:meta_value></wp:postmeta>
        <wp:postmeta><wp:meta_key>_menu_item_url</wp:meta_key><wp:meta_value>https://example.org/${slug}</wp:meta_value></wp:postmeta></item>`,
    )
    .join('')
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" ${NAMESPACES}><channel><title>Menus</title>
    <link>https://site.example</link>${terms}${items}</channel></rss>`
}

async function menuLocations(owner: SeededMember): Promise<Record<string, string>> {
  const response = await call(ctx.app, 'GET', '/api/menus?limit=100', { token: owner.token })
  expect(response.statusCode, response.body).toBe(200)
  return Object.fromEntries(
    response.data.menus.map((menu: { slug: string; location: string }) => [menu.slug, menu.location]),
  )
}

describe('imported menus take the Folio location their WordPress location names', () => {
  it('places Primary at the header and Footer Links at the footer, unless another menu holds it', async () => {
    const owner = await seedTenant(ctx.db)
    const own = await call(ctx.app, 'POST', '/api/menus', {
      token: owner.token,
      body: { name: 'Our footer', location: 'footer', status: 'active' },
    })
    expect(own.statusCode, own.body).toBe(200)
    const done = await runImport(
      owner,
      menusExport([
        ['primary-menu', 'Primary Menu'],
        ['main-navigation', 'Main Navigation'],
        ['footer-links', 'Footer Links'],
        ['social', 'Social'],
      ]),
    )
    expect(done.counts.menus).toEqual({ created: 4, existing: 0, updated: 0, skipped: 0 })
    expect(await menuLocations(owner)).toEqual({
      'our-footer': 'footer',
      'primary-menu': 'header',
      // The header is the primary menu's already; the footer the tenant's own.
      'main-navigation': 'custom',
      'footer-links': 'custom',
      social: 'custom',
    })
    // The example site's header menu: the public menu at the header location.
    const header = await call(ctx.app, 'GET', '/api/public/menus/location/header', {
      headers: { 'x-tenant-id': owner.tenantId },
    })
    expect(header.statusCode, header.body).toBe(200)
    expect(header.data.menu).toMatchObject({ slug: 'primary-menu', location: 'header' })
    expect(header.data.menu.tree.map((node: { title: string }) => node.title)).toEqual(['Primary Menu link'])
  }, 60_000)

  it('places on a re-run a menu an earlier import left at custom', async () => {
    const owner = await seedTenant(ctx.db)
    const xml = menusExport([['menu-1', 'Menu 1']])
    await runImport(owner, xml)
    const [menu] = (await call(ctx.app, 'GET', '/api/menus', { token: owner.token })).data.menus
    // Where the importer before locations left every menu.
    const moved = await call(ctx.app, 'PUT', `/api/menus/${menu.id}`, {
      token: owner.token,
      body: { location: 'custom' },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const rerun = await runImport(owner, xml)
    expect(rerun.counts.menus).toEqual({ created: 0, existing: 1, updated: 1, skipped: 0 })
    expect(await menuLocations(owner)).toEqual({ 'menu-1': 'header' })
  }, 60_000)
})
