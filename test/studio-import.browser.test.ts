import { createServer, type Server } from 'node:http'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { call, type SeededMember, seedMember, seedTenant } from './helpers.js'
import { postExport, waitForImport } from './import-fixtures.js'
import { pngBytes } from './media-fixtures.js'
import {
  describeStudioJourney,
  expectAccessible,
  openSignedIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// Studio's WordPress import (docs/decisions/studio.md "WordPress import screen"): an owner uploads
// a small export, follows its phases to the end, reads the counts and problems the API reports for
// it, and starts it again (nothing is created twice). An editor, who may not start imports, has no
// such screen. Afterwards, the import history keeps every report, and the media library copies the
// files an import left external (from a local "WordPress site", which OUTBOUND_ALLOW_PRIVATE lets
// the server reach).

const studio = useStudioServer(() => ({ OUTBOUND_ALLOW_PRIVATE: 'true' }))

const NAMESPACES =
  'xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" ' +
  'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/"'

function item(id: number, type: string, extra = '', status = 'publish'): string {
  return `<item><title><![CDATA[Item ${id}]]></title><dc:creator>ann</dc:creator>
    <content:encoded><![CDATA[<p>Body ${id}</p>]]></content:encoded><excerpt:encoded><![CDATA[]]></excerpt:encoded>
    <wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2021-02-03 04:05:06</wp:post_date_gmt>
    <wp:post_name>item-${id}</wp:post_name><wp:status>${status}</wp:status><wp:post_type>${type}</wp:post_type>
    ${extra}</item>`
}

/**
 * A small export: a category, a tag, an attachment kept external, one whose address Folio refuses
 * (a problem), a post filed under the category and tag, and a page.
 */
const EXPORT = `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" ${NAMESPACES}><channel><title>Small Site</title>
<wp:author><wp:author_login>ann</wp:author_login><wp:author_display_name>Ann</wp:author_display_name></wp:author>
<wp:category><wp:term_id>1</wp:term_id><wp:category_nicename>news</wp:category_nicename><wp:cat_name>News</wp:cat_name></wp:category>
<wp:tag><wp:term_id>2</wp:term_id><wp:tag_slug>field</wp:tag_slug><wp:tag_name>Field</wp:tag_name></wp:tag>
${item(20, 'attachment', '<wp:attachment_url>javascript:alert(1)</wp:attachment_url>', 'inherit')}
${item(21, 'attachment', '<wp:attachment_url>https://cdn.example.com/a.jpg</wp:attachment_url>', 'inherit')}
${item(7, 'post', '<category domain="category" nicename="news">News</category><category domain="post_tag" nicename="field">Field</category>')}
${item(8, 'page')}
</channel></rss>`

/** The rows of the counts table, as the API's counts say they must read. */
const KIND_LABELS = {
  categories: 'Categories',
  tags: 'Tags',
  media: 'Media',
  posts: 'Posts',
  pages: 'Pages',
  menus: 'Menus',
  menuItems: 'Menu items',
} as const

/** Waits for the followed import to end, then checks the screen shows exactly what the API reports. */
async function expectReported(page: Page, owner: SeededMember) {
  await page.getByRole('status').filter({ hasText: 'The import is done.' }).waitFor(WAIT)
  const importId = new URL(page.url()).searchParams.get('import')
  expect(importId).toMatch(/^[a-f0-9]{24}$/)
  const answer = await call(studio.ctx.app, 'GET', `/api/imports/${importId}`, { token: owner.token })
  const reported = answer.data.import
  expect(reported.status).toBe('succeeded')
  const phases = page.getByRole('table', { name: 'Phases' })
  for (const [phase, label] of [
    ['categories', 'Categories'],
    ['tags', 'Tags'],
    ['attachments', 'Attachments'],
    ['contents', 'Posts and pages'],
    ['menus', 'Menu items'],
  ] as const) {
    await phases
      .getByRole('row', { name: `${label} ${reported.totals[phase]} Done`, exact: true })
      .waitFor(WAIT)
  }
  const counts = page.getByRole('table', { name: 'Counts per kind' })
  for (const [kind, label] of Object.entries(KIND_LABELS)) {
    const { created, existing, updated, skipped } = reported.counts[kind]
    await counts
      .getByRole('row', { name: `${label} ${created} ${existing} ${updated} ${skipped}`, exact: true })
      .waitFor(WAIT)
  }
  await page.getByRole('heading', { name: `${reported.problems.length} problem` }).waitFor(WAIT)
  const list = page.getByRole('region', { name: 'Problems' })
  for (const problem of reported.problems) {
    await list.getByRole('row', { name: `${problem.key} ${problem.message}` }).waitFor(WAIT)
  }
  return reported
}

describeStudioJourney('Studio WordPress import in Chromium', () => {
  it('uploads an export, follows it to the end with the counts and problems the API reports, and starts it again', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const { page, problems, context } = await openSignedIn(studio, owner, '/')
    await page.getByRole('heading', { name: `Tenant ${owner.tenantId}` }).waitFor(WAIT)
    await page
      .getByRole('navigation', { name: 'Tenant' })
      .getByRole('link', { name: 'WordPress import' })
      .click()
    await page.getByRole('heading', { name: 'WordPress import', level: 1 }).waitFor(WAIT)
    const start = page.getByRole('button', { name: 'Start the import' })
    expect(await start.isDisabled()).toBe(true)
    await expectAccessible(page, 'wordpress import')

    await page.locator('input[type=file]').setInputFiles({
      name: 'small-site.xml',
      mimeType: 'text/xml',
      buffer: Buffer.from(EXPORT),
    })
    await page.getByText(`Chosen: small-site.xml (${Buffer.byteLength(EXPORT)} bytes)`).waitFor(WAIT)
    expect(await page.getByRole('checkbox', { name: 'Copy the media files into Folio' }).isChecked()).toBe(
      false,
    )
    await start.click()

    const first = await expectReported(page, owner)
    expect(first.counts).toMatchObject({
      categories: { created: 1, existing: 0, skipped: 0 },
      tags: { created: 1, existing: 0, skipped: 0 },
      media: { created: 1, existing: 0, skipped: 1 },
      posts: { created: 1, existing: 0, skipped: 0 },
      pages: { created: 1, existing: 0, skipped: 0 },
    })
    expect(first.problems).toEqual([{ key: 'attachment:20', message: expect.stringMatching(/http/) }])
    await page
      .getByText('Media files stay on the WordPress site (1 recorded as external media).')
      .waitFor(WAIT)
    await page.getByRole('heading', { name: 'Small Site' }).waitFor(WAIT)
    await expectAccessible(page, 'a finished import')
    const post = await call(studio.ctx.app, 'GET', '/api/contents/slug/item-7', { token: owner.token })
    expect(post.data.content).toMatchObject({ title: 'Item 7', status: 'published' })

    // Started again with the same file: everything is already there, nothing is created twice.
    await page.getByRole('button', { name: 'Start again' }).click()
    await page.waitForURL((url) => url.searchParams.get('import') !== first.id, WAIT)
    const second = await expectReported(page, owner)
    expect(second.id).not.toBe(first.id)
    expect(second.counts).toMatchObject({
      categories: { created: 0, existing: 1, skipped: 0 },
      tags: { created: 0, existing: 1, skipped: 0 },
      posts: { created: 0, existing: 1, skipped: 0 },
      pages: { created: 0, existing: 1, skipped: 0 },
    })
    await expectAccessible(page, 'an import started again')

    // A reload keeps following the import of the address.
    await page.reload()
    await page.getByRole('status').filter({ hasText: 'The import is done.' }).waitFor(WAIT)
    await page.getByText('Choose the export again to start it again.').waitFor(WAIT)
    expect(problems).toEqual([])
    await context.close()
  })

  it('has no import screen for an editor', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const editor = await seedMember(studio.ctx.db, owner.tenantId, 'editor')
    const { page, problems, context } = await openSignedIn(studio, editor, '/import')
    await page.getByRole('heading', { name: "You don't have access to this screen" }).waitFor(WAIT)
    const navigation = page.getByRole('navigation', { name: 'Tenant' })
    await navigation.getByRole('link', { name: 'Contents' }).waitFor(WAIT)
    expect(await navigation.getByRole('link', { name: 'WordPress import' }).count()).toBe(0)
    expect(await navigation.getByRole('link', { name: 'Ownership & deletion' }).count()).toBe(0)
    expect(problems).toEqual([])
    await context.close()
  })
})

describeStudioJourney('Studio import history and external media in Chromium', () => {
  /** The WordPress site: one image on it, one file gone; counts the requests per path. */
  let site: Server
  let siteOrigin = ''
  const requests = new Map<string, number>()
  let picture: Buffer
  beforeAll(async () => {
    picture = await pngBytes(80, 60)
    site = createServer((request, response) => {
      const path = request.url ?? ''
      requests.set(path, (requests.get(path) ?? 0) + 1)
      if (path === '/uploads/pic.png') response.writeHead(200, { 'content-type': 'image/png' }).end(picture)
      else response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>')
    })
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
    siteOrigin = `http://127.0.0.1:${(site.address() as { port: number }).port}`
  })
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())))

  /** An export with the two files as attachments (kept external) and a post. */
  const exportWithFiles = () =>
    EXPORT.replace('https://cdn.example.com/a.jpg', `${siteOrigin}/uploads/pic.png`).replace(
      '</channel>',
      `${item(22, 'attachment', `<wp:attachment_url>${siteOrigin}/uploads/gone.jpg</wp:attachment_url>`, 'inherit')}</channel>`,
    )

  it('lists past imports with their reports, from the navigation and from the import screen', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const dry = await postExport(studio.ctx.app, owner.token, EXPORT, '?dryRun=true')
    const dryRun = await waitForImport(studio.ctx.app, owner.token, dry.data.import.id)
    const real = await postExport(studio.ctx.app, owner.token, EXPORT)
    const imported = await waitForImport(studio.ctx.app, owner.token, real.data.import.id)
    const { page, problems, context } = await openSignedIn(studio, owner, '/')
    await page.getByRole('heading', { name: `Tenant ${owner.tenantId}` }).waitFor(WAIT)
    await page
      .getByRole('navigation', { name: 'Tenant' })
      .getByRole('link', { name: 'Import history' })
      .click()
    await page.getByRole('heading', { name: 'Import history', level: 1 }).waitFor(WAIT)
    const table = page.getByRole('table', { name: 'Imports, newest first' })
    const rows = table.getByRole('row')
    // The header row, then the import, then the dry run before it.
    await expect.poll(() => rows.count()).toBe(3)
    const created = (state: typeof imported) =>
      Object.values(state.counts).reduce((sum, kind) => sum + kind.created, 0)
    expect(await rows.nth(1).innerText()).toMatch(
      new RegExp(
        `Small Site\\s+Done\\s+—\\s+${created(imported)}\\s+${imported.problems.length}\\s+Show the report`,
        'i',
      ),
    )
    expect(await rows.nth(2).innerText()).toMatch(
      new RegExp(
        `Small Site\\s+Done\\s+Dry run\\s+${created(dryRun)}\\s+${dryRun.problems.length}\\s+Show the report`,
        'i',
      ),
    )
    await expectAccessible(page, 'import history')

    // The report of the import: the same counts and problems as the API reports.
    await rows
      .nth(1)
      .getByRole('link', { name: /^Show the report of Small Site/ })
      .click()
    await page.waitForURL((url) => url.searchParams.get('import') === imported.id, WAIT)
    const report = page.getByRole('region', { name: 'Import report' })
    await report
      .getByRole('table', { name: 'Counts per kind' })
      .getByRole('row', { name: 'Posts 1 0 0 0', exact: true })
      .waitFor(WAIT)
    await report.getByRole('heading', { name: '1 problem' }).waitFor(WAIT)
    await report.getByRole('row', { name: `attachment:20 ${imported.problems[0]?.message}` }).waitFor(WAIT)
    await expectAccessible(page, 'an import report in the history')
    // The dry run's, opened by its address (a reload keeps it).
    await page.goto(`${studio.origin}/admin/t/${owner.tenantId}/imports?import=${dryRun.id}`)
    await page
      .getByRole('region', { name: 'Import report' })
      .getByText('Dry run', { exact: true })
      .waitFor(WAIT)

    // From the import screen too, and back.
    await page.getByRole('link', { name: 'New import' }).click()
    await page.getByRole('heading', { name: 'WordPress import', level: 1 }).waitFor(WAIT)
    await page.getByRole('main').getByRole('link', { name: 'Import history' }).click()
    await page.getByRole('heading', { name: 'Import history', level: 1 }).waitFor(WAIT)
    expect(problems).toEqual([])
    await context.close()
  })

  it('badges external media, shows their file instead of loading it, and copies them into Folio', async () => {
    const owner = await seedTenant(studio.ctx.db)
    const started = await postExport(studio.ctx.app, owner.token, exportWithFiles())
    const done = await waitForImport(studio.ctx.app, owner.token, started.data.import.id)
    expect(done.mediaFiles).toEqual({ mode: 'external', copied: 0, external: 2 })
    requests.clear()
    const { page, problems, context } = await openSignedIn(studio, owner, '/media', {
      expected: [/^404 /],
    })
    await page.getByRole('heading', { name: 'Media', level: 1 }).waitFor(WAIT)
    const picTile = page.getByRole('listitem').filter({ hasText: 'pic.png' })
    const goneTile = page.getByRole('listitem').filter({ hasText: 'gone.jpg' })
    await picTile.getByText('External', { exact: true }).waitFor(WAIT)
    await picTile.getByText('pic.png', { exact: true }).waitFor(WAIT)
    await picTile.getByText('Type: PNG').waitFor(WAIT)
    await goneTile.getByText('gone.jpg', { exact: true }).waitFor(WAIT)
    // Neither file is loaded from the other site (no broken thumbnail).
    expect(await page.locator(`img[src^="${siteOrigin}"]`).count()).toBe(0)
    expect([...requests.keys()]).toEqual([])
    await expectAccessible(page, 'media with external items')

    // One copied from its tile: the same item, now a file in Folio (named by its file).
    await picTile.getByRole('button', { name: 'Copy into Folio: Item 21' }).click()
    await page.getByText('1 item copied into Folio.').waitFor(WAIT)
    await picTile.getByText('External', { exact: true }).waitFor({ state: 'detached', ...WAIT })
    await picTile.locator('img').waitFor(WAIT)
    const list = await call(studio.ctx.app, 'GET', '/api/media', { token: owner.token })
    const copied = list.data.media.find((media: { title: string }) => media.title === 'Item 21')
    expect(copied).toMatchObject({ sourceType: 'upload', mimeType: 'image/png', width: 80, height: 60 })
    expect(requests.get('/uploads/pic.png')).toBe(1)

    // The list view badges the other; copied from the selection, it fails and says why.
    await page.getByText('List', { exact: true }).click()
    const goneRow = page.getByRole('row').filter({ hasText: 'Item 22' })
    await goneRow.getByText('External', { exact: true }).waitFor(WAIT)
    expect(await page.getByRole('row').filter({ hasText: 'pic.png' }).getByText('External').count()).toBe(0)
    await expectAccessible(page, 'media list with an external item')
    await page.getByRole('checkbox', { name: 'Select pic.png' }).check()
    await page.getByRole('checkbox', { name: 'Select Item 22' }).check()
    const bulk = page.getByRole('region', { name: 'Actions on the selected media' })
    // Only the external one of the two is copied.
    await bulk.getByRole('button', { name: 'Copy 1 external item into Folio' }).click()
    const failure = page.getByRole('alert').filter({ hasText: '1 item could not be copied' })
    await failure.getByText('Item 22: The server answered 404.').waitFor(WAIT)
    await expectAccessible(page, 'a copy that failed')
    expect(requests.get('/uploads/gone.jpg')).toBe(1)
    expect(requests.get('/uploads/pic.png')).toBe(1)
    expect(problems).toEqual([])
    await context.close()
  })
})
