import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { users } from '../src/db/schema/index.js'
import { createContent } from './content-fixtures.js'
import { call, type SeededMember, seedMember, seedTenant } from './helpers.js'
import {
  describeStudioJourney,
  expectAccessible,
  openSignedIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// Live preview, presence and live lists in Studio (docs/decisions/studio.md "Live preview",
// "Presence and live lists"): the preview URL set on the settings' Preview tab, the site framed
// beside the editor and given the unsaved title as it is typed (no save), device widths and a new
// tab; a second member on the same content shows on both editors; the list refreshes when that
// member changes a row.
const studio = useStudioServer()

const SITE_PAGE = readFileSync(new URL('fixtures/preview-site.html', import.meta.url), 'utf8')

/** Serves the preview page of test/fixtures/preview-site.html on a free loopback port (any path). */
async function servePreviewSite(
  folio: string,
  tenantId: string,
): Promise<{ server: Server; origin: string }> {
  const page = SITE_PAGE.replaceAll('%FOLIO%', folio).replaceAll('%TENANT%', tenantId)
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

async function name(user: SeededMember, firstName: string, lastName: string) {
  await studio.ctx.db.update(users).set({ firstName, lastName }).where(eq(users.id, user.userId))
}

async function openEditor(user: SeededMember, contentId: string) {
  const opened = await openSignedIn(studio, user, `/contents/${contentId}`)
  await opened.page.getByRole('textbox', { name: 'Body' }).waitFor(WAIT)
  return opened
}

/** The saves a page sends (writes to contents other than a preview token), as `METHOD path`. */
function watchSaves(page: Page): string[] {
  const saves: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (!['PUT', 'POST', 'PATCH'].includes(request.method())) return
    if (path.startsWith('/api/contents') && !path.endsWith('/preview-token')) {
      saves.push(`${request.method()} ${path}`)
    }
  })
  return saves
}

describeStudioJourney('Studio: live preview, presence and live lists in Chromium', () => {
  it('previews unsaved edits in the site, shows who else edits, and refreshes the list on their change', async () => {
    const owner = await seedTenant(studio.ctx.db)
    await name(owner, 'Ada', 'Lovelace')
    const editor = await seedMember(studio.ctx.db, owner.tenantId, 'editor')
    await name(editor, 'Grace', 'Hopper')
    const site = await servePreviewSite(studio.origin, owner.tenantId)
    try {
      const edge = await call(studio.ctx.app, 'PUT', '/api/tenant-settings', {
        token: owner.token,
        body: { edgeGateway: { allowedOrigins: [site.origin] } },
      })
      expect(edge.statusCode, edge.body).toBe(200)
      const story = await createContent(studio.ctx, owner.token, {
        title: 'Draft story',
        slug: 'draft-story',
        html: '<p>Words.</p>',
        status: 'draft',
      })
      const page = await createContent(studio.ctx, owner.token, {
        title: 'About us',
        slug: 'about-us',
        type: 'page',
        html: '<p>About.</p>',
        status: 'draft',
      })

      // The settings' Preview tab: a template whose origin the edge policy refuses is refused at its
      // field; one on the site's origin is saved.
      // The refusal's 400 is on purpose.
      const first = await openSignedIn(studio, owner, '/settings?tab=preview', {
        expected: ['400 /api/tenant-settings'],
      })
      const a = first.page
      const postTemplate = a.getByRole('textbox', { name: 'Contents of type “post”' })
      await postTemplate.waitFor(WAIT)
      await a.getByRole('textbox', { name: 'Any other type' }).waitFor(WAIT)
      await expectAccessible(a, 'preview settings')
      await postTemplate.fill('https://elsewhere.example/{slug}?preview={token}')
      await a.getByRole('button', { name: 'Save: Preview' }).click()
      await expect.poll(() => postTemplate.getAttribute('aria-invalid'), WAIT).toBe('true')
      await postTemplate.fill(`${site.origin}/preview.html?slug={slug}&preview={token}`)
      await a.getByRole('button', { name: 'Save: Preview' }).click()
      await a.getByText('Preview saved.').waitFor(WAIT)
      const settings = await call(studio.ctx.app, 'GET', '/api/tenant-settings', { token: owner.token })
      expect(settings.data.settings.preview).toEqual({
        urls: { post: `${site.origin}/preview.html?slug={slug}&preview={token}` },
      })

      // A page has no template: the preview says so and links to the tab.
      await a.goto(`${studio.origin}/admin/t/${owner.tenantId}/contents/${page.id}`)
      await a.getByRole('textbox', { name: 'Body' }).waitFor(WAIT)
      await a.getByRole('button', { name: 'Preview', exact: true }).click()
      const preview = a.getByRole('region', { name: 'Preview' })
      await preview.getByText('The tenant has no preview address for contents of type “page”.').waitFor(WAIT)
      await preview.getByRole('link', { name: 'Set one in the settings' }).click()
      await a.waitForURL(/\/settings\?tab=preview$/, WAIT)
      await expect
        .poll(() => a.getByRole('tab', { name: 'Preview' }).getAttribute('aria-selected'), WAIT)
        .toBe('true')

      // The post's preview: the site shows the draft, then the title as it is typed, unsaved.
      await a.goto(`${studio.origin}/admin/t/${owner.tenantId}/contents/${story.id}`)
      await a.getByRole('textbox', { name: 'Body' }).waitFor(WAIT)
      const toggle = a.getByRole('button', { name: 'Preview', exact: true })
      expect(await toggle.getAttribute('aria-pressed')).toBe('false')
      await toggle.click()
      expect(await toggle.getAttribute('aria-pressed')).toBe('true')
      const frame = a.frameLocator('iframe[title^="Preview of the site"]')
      await frame.getByRole('heading', { level: 1, name: 'Draft story' }).waitFor(WAIT)
      const src = await a.locator('iframe[title^="Preview of the site"]').getAttribute('src')
      expect(src).toMatch(
        new RegExp(`^${site.origin}/preview\\.html\\?slug=draft-story&preview=fpv_[A-Za-z0-9_-]{43}$`),
      )
      const saves = watchSaves(a)
      await a.getByLabel('Title').fill('Typed, not saved')
      await frame.getByRole('heading', { level: 1, name: 'Typed, not saved' }).waitFor({ timeout: 500 })
      expect(saves).toEqual([])
      await expectAccessible(a, 'editor with the preview')

      // Device widths: the frame is as wide as a phone, a tablet, then the panel.
      const frameWidth = async () =>
        (await a.locator('iframe[title^="Preview of the site"]').boundingBox())?.width
      await a.getByText('Phone', { exact: true }).click()
      await expect.poll(frameWidth, WAIT).toBe(375)
      await a.getByText('Tablet', { exact: true }).click()
      await expect.poll(frameWidth, WAIT).toBe(768)
      await a.getByText('Desktop', { exact: true }).click()
      await expect.poll(frameWidth, WAIT).not.toBe(768)

      // The draft saves itself; a new tab opens the site with a token of its own, reading that draft.
      await a.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor(WAIT)
      const [tab] = await Promise.all([
        first.context.waitForEvent('page', WAIT),
        a.getByRole('button', { name: 'Open in new tab' }).click(),
      ])
      await tab.waitForURL(new RegExp(`^${site.origin}/preview\\.html\\?slug=draft-story&preview=fpv_`), WAIT)
      expect(tab.url()).not.toBe(src)
      await tab.getByRole('heading', { level: 1, name: 'Typed, not saved' }).waitFor(WAIT)
      await tab.close()

      // A second member on the same content: each editor names the other.
      const second = await openEditor(editor, story.id)
      const b = second.page
      await a.getByText('Grace Hopper is editing this content.').waitFor(WAIT)
      await b.getByText('Ada Lovelace is editing this content.').waitFor(WAIT)
      await expectAccessible(b, 'editor with another member editing')

      // The first member's list refreshes when the second one's edit is saved.
      await a.getByRole('link', { name: 'Contents' }).first().click()
      await a.waitForURL(/\/contents$/, WAIT)
      const row = a.getByRole('link', { name: 'Typed, not saved' })
      await row.waitFor(WAIT)
      await b.getByLabel('Title').fill('Renamed by Grace')
      await b.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor(WAIT)
      await a.getByRole('link', { name: 'Renamed by Grace' }).waitFor(WAIT)
      await row.waitFor({ state: 'detached', ...WAIT })
      // The first member left the editor: the second one's line empties.
      await b.getByText('Ada Lovelace is editing this content.').waitFor({ state: 'detached', ...WAIT })

      expect(first.problems).toEqual([])
      expect(second.problems).toEqual([])
      await first.context.close()
      await second.context.close()
    } finally {
      await new Promise((resolve) => site.server.close(resolve))
    }
  }, 180_000)
})
