import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { createContent } from './content-fixtures.js'
import { call, seedTenant } from './helpers.js'
import {
  describeStudioJourney,
  expectAccessible,
  openSignedIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// Studio's pages (docs/decisions/studio.md "Pages"): a page made in the editor with a type, a
// parent picked by its path and an order; the API's tree rules shown at the parent picker; the
// Pages view arranging the tree by keyboard and by drag, each move saved at once (read back after
// a reload and from the API); a refused move shown; the contents list filtered by type.

const studio = useStudioServer()

/** The Pages view's rows as the tree shows them: one dash per level below the root, then the title. */
function rows(page: Page): Promise<string[]> {
  return page.$$eval('ol[aria-label="Page tree"] > li', (items: any[]) =>
    items.map(
      (item) => `${'-'.repeat(Number(item.dataset.depth) - 1)}${item.querySelector('a')?.textContent}`,
    ),
  )
}

/** The API's page tree as `Title:order` lines, one dash per level below the root. */
async function apiTree(token: string): Promise<string[]> {
  const response = await call(studio.ctx.app, 'GET', '/api/contents/tree?type=page', { token })
  expect(response.statusCode, response.body).toBe(200)
  const lines = (nodes: any[], depth = 0): string[] =>
    nodes.flatMap((node) => [
      `${'-'.repeat(depth)}${node.title}:${node.order}`,
      ...lines(node.children, depth + 1),
    ])
  return lines(response.data.tree)
}

/** Presses the move button `name` from the keyboard. */
async function press(page: Page, name: string) {
  await page.getByRole('button', { name }).focus()
  await page.keyboard.press('Enter')
}

/** The `aria-label` of the focused element. */
const focused = (page: Page): Promise<string | null | undefined> =>
  page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('aria-label'))

describeStudioJourney('Studio pages in Chromium', () => {
  it('makes a page with a parent and order, arranges the tree by keyboard and drag, and filters contents by type', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const page = (body: Record<string, unknown>) =>
      createContent(studio.ctx, owner.token, { type: 'page', status: 'published', ...body })
    const about = await page({ title: 'About', order: 0 })
    await page({ title: 'Team', parentId: about.id })
    const contact = await page({ title: 'Contact', order: 10, status: 'draft' })
    // A post under About, and a page under that post: a root of the page tree whose parent is a post.
    const hello = await createContent(studio.ctx, owner.token, { title: 'Hello', parentId: about.id })
    const underHello = await page({ title: 'Under hello', parentId: hello.id, order: 20 })
    await createContent(studio.ctx, owner.token, { title: 'Soup', type: 'recipe' })

    const {
      context,
      page: tab,
      problems,
    } = await openSignedIn(studio, owner, '/pages', {
      viewport: { width: 1280, height: 900 },
      // The cycle the parent picker is refused, and the move of a page deleted meanwhile.
      // About is published: the refused parent is a refused save of its draft.
      expected: [`400 /api/contents/${about.id}/draft`, `404 /api/contents/${underHello.id}`],
    })
    await tab.getByRole('heading', { name: 'Pages', level: 1 }).waitFor(WAIT)
    await expect.poll(() => rows(tab), WAIT).toEqual(['About', '-Team', 'Contact', 'Under hello'])
    await tab.getByText('Under a content of another type').waitFor(WAIT)
    expect(await tab.getByRole('link', { name: 'Add a page under Contact' }).getAttribute('href')).toBe(
      `/admin/t/${owner.tenantId}/contents/new?type=page&parent=${contact.id}`,
    )
    await expectAccessible(tab, 'pages view')

    // A new page from the Pages view: the editor starts it as a page; its parent is picked by path.
    await tab.getByRole('link', { name: 'New page' }).click()
    await tab.getByRole('textbox', { name: 'Body' }).waitFor(WAIT)
    expect(await tab.getByRole('combobox', { name: 'Type' }).inputValue()).toBe('Page')
    await tab.getByRole('textbox', { name: 'Title' }).fill('Careers')
    const parent = tab.getByRole('combobox', { name: 'Parent' })
    await parent.click()
    await parent.fill('Team')
    await tab.getByRole('option', { name: 'About › Team' }).waitFor(WAIT)
    await parent.fill('About')
    await tab.getByRole('option', { name: 'About', exact: true }).click()
    await tab.getByRole('textbox', { name: 'Order' }).fill('-5')
    await expectAccessible(tab, 'editor with the page fields')
    await tab.getByRole('button', { name: 'Save', exact: true }).click()
    await tab.getByText('“Careers” saved.').waitFor(WAIT)
    await tab.waitForURL(/\/contents\/[0-9a-f]{24}$/, WAIT)
    const careersId = /\/contents\/([0-9a-f]{24})$/.exec(tab.url())?.[1] as string
    const stored = await call(studio.ctx.app, 'GET', `/api/contents/${careersId}`, { token: owner.token })
    expect(stored.data.content).toMatchObject({
      title: 'Careers',
      type: 'page',
      parentId: about.id,
      order: -5,
    })

    // The API's tree rules name the parent picker: Under hello sits (through a post) under About.
    await tab.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Pages' }).click()
    await expect.poll(() => rows(tab), WAIT).toEqual(['About', '-Careers', '-Team', 'Contact', 'Under hello'])
    await tab.getByRole('link', { name: 'About', exact: true }).click()
    await tab.getByRole('textbox', { name: 'Body' }).waitFor(WAIT)
    await tab.getByRole('combobox', { name: 'Parent' }).click()
    await tab.getByRole('option', { name: 'Under hello' }).click()
    await tab.getByRole('button', { name: 'Save', exact: true }).click()
    await tab.getByText('parentId: the parent is a descendant of this content (a cycle).').waitFor(WAIT)
    expect(await tab.getByRole('combobox', { name: 'Parent' }).getAttribute('aria-invalid')).toBe('true')
    await expectAccessible(tab, 'editor, a parent refused')

    // By keyboard: Careers down, then out to the top level; the focus stays on the moved page.
    // The refused parent is an unsaved edit: leaving asks, and the edit is dropped.
    await tab.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Pages' }).click()
    await tab
      .getByRole('dialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave and drop the changes' })
      .click()
    await expect.poll(() => rows(tab), WAIT).toEqual(['About', '-Careers', '-Team', 'Contact', 'Under hello'])
    await press(tab, 'Move Careers down')
    await expect.poll(() => rows(tab), WAIT).toEqual(['About', '-Team', '-Careers', 'Contact', 'Under hello'])
    await tab.getByText('Careers moved under About, position 2.').waitFor(WAIT)
    // Down is no longer possible: the focus went to the page's handle.
    expect(await focused(tab)).toBe('Drag Careers')
    await press(tab, 'Move Careers out one level')
    await expect.poll(() => rows(tab), WAIT).toEqual(['About', '-Team', 'Careers', 'Contact', 'Under hello'])
    await tab.getByText('Careers moved to the top level, position 2.').waitFor(WAIT)
    expect(await focused(tab)).toBe('Drag Careers')

    // By mouse: Contact dragged above About, then Careers dragged one level right, under About.
    const drag = async (name: string, to: { x: number; y: number }) => {
      const handle = await tab.getByRole('button', { name }).boundingBox()
      const x = handle!.x + handle!.width / 2
      const y = handle!.y + handle!.height / 2
      await tab.mouse.move(x, y)
      await tab.mouse.down()
      await tab.mouse.move(x + 2, y - 8, { steps: 5 })
      await tab.mouse.move(to.x, to.y, { steps: 10 })
      await tab.mouse.up()
    }
    const above = await tab.getByRole('button', { name: 'Drag About' }).boundingBox()
    await drag('Drag Contact', { x: above!.x + above!.width / 2, y: above!.y + 2 })
    await expect.poll(() => rows(tab), WAIT).toEqual(['Contact', 'About', '-Team', 'Careers', 'Under hello'])
    await tab.getByText('Contact was dropped at About.').waitFor({ state: 'attached', ...WAIT })
    await tab.getByText('Contact moved to the top level, position 1.').waitFor(WAIT)
    const careers = await tab.getByRole('button', { name: 'Drag Careers' }).boundingBox()
    await drag('Drag Careers', {
      x: careers!.x + careers!.width / 2 + 40,
      y: careers!.y + careers!.height / 2,
    })
    await expect.poll(() => rows(tab), WAIT).toEqual(['Contact', 'About', '-Team', '-Careers', 'Under hello'])
    await tab.getByText('Careers moved under About, position 2.').waitFor(WAIT)
    await expectAccessible(tab, 'pages view, arranged')

    // A move the API refuses (the page was deleted meanwhile) is shown, and the tree read again.
    // The change stream is turned away first (204 tells EventSource not to reconnect), as for a
    // tab whose stream dropped: with it, the deletion would take the page out of the tree before
    // it could be moved.
    await tab.route('**/api/events?**', (route) => route.fulfill({ status: 204 }))
    await tab.reload()
    await expect.poll(() => rows(tab), WAIT).toEqual(['Contact', 'About', '-Team', '-Careers', 'Under hello'])
    const deleted = await call(studio.ctx.app, 'DELETE', `/api/contents/${underHello.id}`, {
      token: owner.token,
    })
    expect(deleted.statusCode, deleted.body).toBe(200)
    await press(tab, 'Move Under hello up')
    await tab.getByText(/^The move could not be saved: /).waitFor(WAIT)
    await expect.poll(() => rows(tab), WAIT).toEqual(['Contact', 'About', '-Team', '-Careers'])

    // What was arranged is stored: after a reload, and in the API's tree.
    await tab.reload()
    await expect.poll(() => rows(tab), WAIT).toEqual(['Contact', 'About', '-Team', '-Careers'])
    expect(await apiTree(owner.token)).toEqual(['Contact:-10', 'About:0', '-Team:0', '-Careers:5'])

    // With the change stream back, another member's edit reaches the tree without a reload.
    await tab.unroute('**/api/events?**')
    // The stream's answer begins (its headers) once the server listens for the tenant's changes. A
    // stream the route turned away may still answer 204 after the route is gone: the open one is a 200.
    const streaming = tab.waitForResponse(
      (response) => response.url().includes('/api/events?') && response.status() === 200,
      WAIT,
    )
    await tab.reload()
    await streaming
    await expect.poll(() => rows(tab), WAIT).toEqual(['Contact', 'About', '-Team', '-Careers'])
    const renamed = await call(studio.ctx.app, 'PUT', `/api/contents/${contact.id}`, {
      token: owner.token,
      body: { title: 'Contact us' },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    await expect.poll(() => rows(tab), WAIT).toEqual(['Contact us', 'About', '-Team', '-Careers'])

    // The contents list shows each content's type and filters by the types in use.
    await tab.getByRole('navigation', { name: 'Tenant' }).getByRole('link', { name: 'Contents' }).click()
    const soup = tab.getByRole('row').filter({ hasText: 'Soup' })
    await soup.waitFor(WAIT)
    expect(await soup.textContent()).toContain('recipe')
    await tab.getByRole('combobox', { name: 'Type' }).click()
    await tab.getByRole('option', { name: 'recipe' }).click()
    await tab.waitForURL(/[?&]type=recipe/, WAIT)
    await expect.poll(() => tab.getByRole('row').count(), WAIT).toBe(2)
    await tab.getByText('1 content').waitFor(WAIT)
    await tab.getByRole('combobox', { name: 'Type' }).click()
    await tab.getByRole('option', { name: 'Page' }).click()
    await tab.getByText('4 contents').waitFor(WAIT)
    await expectAccessible(tab, 'contents list by type')

    expect(problems).toEqual([])
    await context.close()
  }, 150_000)
})
