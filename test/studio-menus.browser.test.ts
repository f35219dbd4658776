import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { call, seedTenant } from './helpers.js'
import { postExport, waitForImport } from './import-fixtures.js'
import {
  describeStudioJourney,
  expectAccessible,
  noNotifications,
  openSignedIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// Studio's menus (docs/decisions/studio.md "Menu screens"): a menu built from imported content. A
// WordPress export is imported through the API, then in Studio a menu gets an imported page, an
// imported category and an external link, is rearranged by mouse drag and by keyboard, is saved,
// and the public menu route answers exactly the tree that was built.

const studio = useStudioServer()

const NAMESPACES =
  'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"'

/** A small export: a category, a post filed under it and a page. */
const EXPORT = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" ${NAMESPACES}><channel><title>Menu Site</title>
<wp:category><wp:term_id>1</wp:term_id><wp:category_nicename>news</wp:category_nicename><wp:cat_name>News</wp:cat_name></wp:category>
<item><title>Hello</title><content:encoded><![CDATA[<p>Hi</p>]]></content:encoded>
<wp:post_id>7</wp:post_id><wp:post_date_gmt>2021-02-03 04:05:06</wp:post_date_gmt><wp:post_name>hello</wp:post_name>
<wp:status>publish</wp:status><wp:post_type>post</wp:post_type><category domain="category" nicename="news">News</category></item>
<item><title>About us</title><wp:post_id>8</wp:post_id><wp:post_name>about</wp:post_name><wp:status>publish</wp:status>
<wp:post_type>page</wp:post_type></item>
</channel></rss>`

/** The editor's rows as the tree shows them: one dash per level below the root, then the label. */
function rows(page: Page): Promise<string[]> {
  return page.$$eval('ol[aria-label="Items of the menu"] > li', (items: any[]) =>
    items.map(
      (item) => `${'-'.repeat(Number(item.dataset.depth) - 1)}${item.querySelector('p')?.textContent}`,
    ),
  )
}

/** Adds an item of `kind` through the "Add an item" menu; its fields open under it. */
async function addItem(page: Page, kind: string) {
  await page.getByRole('button', { name: 'Add an item' }).click()
  await page.getByRole('menuitem', { name: kind, exact: true }).click()
}

/** Picks `name` in the searchable reference picker labelled `label`. */
async function pick(page: Page, label: string, name: string) {
  const picker = page.getByRole('textbox', { name: label }).or(page.getByRole('combobox', { name: label }))
  await picker.first().click()
  await picker.first().fill(name)
  await page.getByRole('option', { name, exact: true }).click()
}

describeStudioJourney('Studio menus in Chromium', () => {
  it('builds a menu from imported content by mouse and keyboard, and the public route serves that tree', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const started = await postExport(studio.ctx.app, owner.token, EXPORT)
    expect(started.statusCode, started.body).toBe(202)
    const imported = await waitForImport(studio.ctx.app, owner.token, started.data.import.id)
    expect(imported.status).toBe('succeeded')
    const about = await call(studio.ctx.app, 'GET', '/api/contents/slug/about', { token: owner.token })
    const categories = await call(studio.ctx.app, 'GET', '/api/categories?flat=true', { token: owner.token })
    const news = categories.data.categories.find((category: { name: string }) => category.name === 'News')
    expect(news).toBeDefined()
    const events = await call(studio.ctx.app, 'POST', '/api/categories', {
      token: owner.token,
      body: { name: 'Events' },
    })
    expect(events.statusCode, events.body).toBe(200)
    // A second menu, to be deleted from the list.
    const old = await call(studio.ctx.app, 'POST', '/api/menus', {
      token: owner.token,
      body: { name: 'Old footer', location: 'footer' },
    })
    expect(old.statusCode, old.body).toBe(200)

    const { context, page, problems } = await openSignedIn(studio, owner, '/', {
      viewport: { width: 1280, height: 900 },
      // The item pointing to the removed category is refused on purpose.
      expected: [/^400 \/api\/menus\/[0-9a-f]{24}\/items$/],
    })
    await page.getByRole('link', { name: 'Menus' }).click()
    await page.getByRole('link', { name: 'Old footer' }).waitFor(WAIT)
    await expectAccessible(page, 'menus list')

    // Delete asks first, through the one confirmation dialog.
    await page.getByRole('button', { name: 'Delete Old footer' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete Old footer' })
    await confirm.getByText('The menu Old footer and its 0 items are deleted for good').waitFor(WAIT)
    await expectAccessible(page, 'delete menu dialog')
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await page.getByText('Menu Old footer deleted.').waitFor(WAIT)
    await page.getByText('No menus yet.').waitFor(WAIT)

    // A new active header menu: its settings in a dialog, then its editor.
    await page.getByRole('button', { name: 'New menu' }).click()
    const dialog = page.getByRole('dialog', { name: 'New menu' })
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Main navigation')
    await dialog.getByRole('combobox', { name: 'Status' }).click()
    await page.getByRole('option', { name: 'Active' }).click()
    await noNotifications(page)
    await expectAccessible(page, 'new menu dialog')
    await dialog.getByRole('button', { name: 'Create the menu' }).click()
    await page.getByRole('heading', { name: 'Main navigation', level: 1 }).waitFor(WAIT)
    await page.getByText('This menu has no items yet.').waitFor(WAIT)
    await noNotifications(page)
    await expectAccessible(page, 'menu editor, empty')

    // The imported page and category, picked by their titles; their labels come from them.
    await addItem(page, 'Page or post')
    await pick(page, 'Page or post', 'About us')
    expect(await page.getByRole('textbox', { name: 'Label' }).inputValue()).toBe('About us')
    await addItem(page, 'Category')
    await pick(page, 'Category', 'News')
    expect(await page.getByRole('textbox', { name: 'Label' }).inputValue()).toBe('News')
    // Leaving with unsaved items asks first; staying keeps the draft.
    await page.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Menus' }).click()
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' })
    await leave.waitFor(WAIT)
    await expectAccessible(page, 'leave without saving dialog')
    await leave.getByRole('button', { name: 'Cancel' }).click()
    await leave.waitFor({ state: 'hidden', ...WAIT })
    await page.getByRole('heading', { name: 'Main navigation', level: 1 }).waitFor(WAIT)
    expect(await page.getByRole('textbox', { name: 'Label' }).inputValue()).toBe('News')
    // An external link: an unusable URL is named at its field before anything is sent.
    await addItem(page, 'External link')
    await page.getByRole('textbox', { name: 'URL' }).fill('javascript:alert(1)')
    await page.getByRole('textbox', { name: 'Label' }).fill('Docs')
    await page.getByRole('checkbox', { name: 'Open in a new tab' }).check()
    await page.getByRole('button', { name: 'Save the menu' }).click()
    await page
      .getByText('Enter a full address starting with http://, https://, mailto: or tel:.')
      .waitFor(WAIT)
    expect(await page.getByRole('textbox', { name: 'URL' }).getAttribute('aria-invalid')).toBe('true')
    await expectAccessible(page, 'menu editor, an item to fix')
    await page.getByRole('textbox', { name: 'URL' }).fill('https://docs.example/')
    await page.getByRole('button', { name: 'Edit Docs' }).click()
    await expect.poll(() => rows(page), WAIT).toEqual(['About us', 'News', 'Docs'])

    // By mouse: Docs dragged by its handle above About us.
    const handle = await page.getByRole('button', { name: 'Drag Docs' }).boundingBox()
    const target = await page.getByRole('button', { name: 'Drag About us' }).boundingBox()
    await page.mouse.move(handle!.x + handle!.width / 2, handle!.y + handle!.height / 2)
    await page.mouse.down()
    await page.mouse.move(handle!.x + handle!.width / 2, handle!.y - 10, { steps: 5 })
    await page.mouse.move(target!.x + target!.width / 2, target!.y + 2, { steps: 10 })
    await page.mouse.up()
    await expect.poll(() => rows(page), WAIT).toEqual(['Docs', 'About us', 'News'])
    await page.getByText('Docs was dropped at About us.').waitFor({ state: 'attached', ...WAIT })
    // dnd-kit swallows clicks for a moment after a drop (the drop must not click what is under the
    // pointer); a keyboard press is a click too.
    await page.waitForTimeout(500)

    // By keyboard: Docs back down, then News nested under About us.
    await page.getByRole('button', { name: 'Move Docs down' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => rows(page), WAIT).toEqual(['About us', 'Docs', 'News'])
    await page.getByRole('button', { name: 'Move News up' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Nest News under the item above' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => rows(page), WAIT).toEqual(['About us', '-News', 'Docs'])
    // Nothing nests under News's level past the API's 3 levels: Docs can go 2 deep, not 3.
    await page.getByRole('button', { name: 'Nest Docs under the item above' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => rows(page), WAIT).toEqual(['About us', '-News', '-Docs'])
    await page.getByRole('button', { name: 'Move Docs out one level' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => rows(page), WAIT).toEqual(['About us', '-News', 'Docs'])
    await expectAccessible(page, 'menu editor, built')

    // A category removed after it was picked: the API's refusal shows at that item's picker, and
    // the items saved before it stay saved; without it, the save goes on from there.
    await addItem(page, 'Category')
    await pick(page, 'Category', 'Events')
    const removed = await call(studio.ctx.app, 'DELETE', `/api/categories/${events.data.category.id}`, {
      token: owner.token,
    })
    expect(removed.statusCode, removed.body).toBe(200)
    await page.getByRole('button', { name: 'Save the menu' }).click()
    await page.getByText(`referenceId: no category ${events.data.category.id} in this tenant.`).waitFor(WAIT)
    expect(await page.getByRole('combobox', { name: 'Category' }).getAttribute('aria-invalid')).toBe('true')
    await expect.poll(() => rows(page), WAIT).toEqual(['About us', '-News', 'Docs', 'Events'])
    await expectAccessible(page, 'menu editor, an item the API refused')
    await page.getByRole('button', { name: 'Remove Events' }).click()

    await page.getByRole('button', { name: 'Save the menu' }).click()
    await page.getByText('Menu saved.').waitFor(WAIT)
    await expect.poll(() => rows(page), WAIT).toEqual(['About us', '-News', 'Docs'])
    await noNotifications(page)
    await expectAccessible(page, 'menu editor, saved')

    // The public tree is exactly what was built.
    const published = await call(studio.ctx.app, 'GET', '/api/public/menus/slug/main-navigation', {
      headers: { 'x-tenant-id': owner.tenantId },
    })
    expect(published.statusCode, published.body).toBe(200)
    const strip = (nodes: any[]): unknown[] =>
      nodes.map((node) => ({
        title: node.title,
        type: node.type,
        url: node.url,
        reference: node.reference,
        target: node.target,
        children: strip(node.children),
      }))
    expect(published.data.menu).toMatchObject({ name: 'Main navigation', location: 'header' })
    expect(strip(published.data.menu.tree)).toEqual([
      {
        title: 'About us',
        type: 'content',
        url: null,
        reference: { type: 'content', id: about.data.content.id, slug: 'about', locale: 'en' },
        target: '_self',
        children: [
          {
            title: 'News',
            type: 'category',
            url: null,
            reference: { type: 'category', id: news.id, slug: news.slug, locale: 'en' },
            target: '_self',
            children: [],
          },
        ],
      },
      {
        title: 'Docs',
        type: 'external',
        url: 'https://docs.example/',
        reference: null,
        target: '_blank',
        children: [],
      },
    ])

    // Renamed from the list: the settings dialog keeps the slug.
    await page.getByRole('link', { name: 'All menus' }).click()
    await page.getByRole('button', { name: 'Settings of Main navigation' }).click()
    const settings = page.getByRole('dialog', { name: 'Settings of Main navigation' })
    await settings.getByRole('textbox', { name: 'Name' }).fill('Main menu')
    await noNotifications(page)
    await expectAccessible(page, 'menu settings dialog')
    await settings.getByRole('button', { name: 'Save the settings' }).click()
    await page.getByText('Menu Main menu saved.').waitFor(WAIT)
    const row = page.getByRole('row').filter({ hasText: 'Main menu' })
    expect(await row.textContent()).toContain('main-navigation')
    expect(await row.textContent()).toContain('Header')

    expect(problems).toEqual([])
    await context.close()
  }, 120_000)
})
