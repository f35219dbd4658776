import type { Page } from 'playwright-core'
import { expect, it } from 'vitest'
import { call, type SeededMember, seedMember, seedTenant } from './helpers.js'
import {
  describeStudioJourney,
  expectAccessible,
  openSignedIn,
  useStudioServer,
  WAIT,
} from './studio-fixtures.js'

// Studio's WordPress import (issue 19): an owner uploads a small export, follows its phases to the
// end, reads the counts and problems the API reports for it, and starts it again (nothing is
// created twice). An editor, who may not start imports, has no such screen.

const studio = useStudioServer()

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
    const { created, existing, skipped } = reported.counts[kind]
    await counts
      .getByRole('row', { name: `${label} ${created} ${existing} ${skipped}`, exact: true })
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
