import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestContext, seedTenant, type TestContext } from '../../../test/helpers.js'
import { testImporter } from '../../../test/import-fixtures.js'
import { categories, contents, tags, tenants } from '../../db/schema/index.js'

/**
 * Exports of shapes other than current WordPress's (older versions, theme preview sites, other
 * generators), hand-written, through the whole importer: no item may be lost or merged into another.
 */
let ctx: TestContext
let tempDir: string
beforeAll(async () => {
  ctx = await createTestContext()
  tempDir = mkdtempSync(join(tmpdir(), 'folio-wxr-shapes-'))
})
afterAll(async () => {
  rmSync(tempDir, { recursive: true, force: true })
  await ctx.close()
})

function writeExport(name: string, items: string): string {
  const path = join(tempDir, name)
  writeFileSync(
    path,
    `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.1/">
<channel><title>Shapes</title>${items}</channel></rss>`,
  )
  return path
}

/** Items with no wp:post_id and no wp:post_name, no term lists at the top, CDATA inside indentation. */
const IDLESS = `
<item>
  <title>
    <![CDATA[First Without Id]]>
  </title>
  <guid isPermaLink="false">https://old.example/?p=101</guid>
  <content:encoded>
    <![CDATA[<p>One</p>]]>
  </content:encoded>
  <wp:post_date_gmt>2019-04-01 10:00:00</wp:post_date_gmt>
  <wp:status>publish</wp:status>
  <wp:post_type>post</wp:post_type>
  <category><![CDATA[Travel Notes]]></category>
  <category domain="post_tag"><![CDATA[Rail]]></category>
</item>
<item>
  <title>Second Without Id</title>
  <link>https://old.example/second/</link>
  <wp:post_date_gmt>2019-04-02 10:00:00</wp:post_date_gmt>
  <wp:status>publish</wp:status>
  <wp:post_type>page</wp:post_type>
  <category>Travel Notes</category>
</item>
<item>
  <title>Third Without Anything</title>
  <wp:post_date_gmt>2019-04-03 10:00:00</wp:post_date_gmt>
  <wp:status>draft</wp:status>
  <wp:post_type>post</wp:post_type>
  <category domain="category" nicename="food">Food</category>
</item>
<item>
  <title>Twin</title>
  <wp:post_date_gmt>2019-04-04 10:00:00</wp:post_date_gmt>
  <wp:status>publish</wp:status>
  <wp:post_type>post</wp:post_type>
</item>
<item>
  <title>Twin</title>
  <wp:post_date_gmt>2019-04-04 10:00:00</wp:post_date_gmt>
  <wp:status>publish</wp:status>
  <wp:post_type>post</wp:post_type>
</item>`

describe('importing exports of other shapes', () => {
  it('imports every item without wp:post_id or wp:post_name once, with terms named inline', async () => {
    const owner = await seedTenant(ctx.db)
    const [tenant] = await ctx.db.select().from(tenants).where(eq(tenants.id, owner.tenantId))
    const file = writeExport('idless.xml', IDLESS)
    const summary = await testImporter(ctx.db).run({ file, tenantSlug: tenant?.slug ?? '' })
    expect(summary.counts.posts).toEqual({ created: 4, existing: 0, updated: 0, skipped: 0 })
    expect(summary.counts.pages).toEqual({ created: 1, existing: 0, updated: 0, skipped: 0 })
    expect(summary.counts.categories).toEqual({ created: 2, existing: 0, updated: 0, skipped: 0 })
    expect(summary.counts.tags).toEqual({ created: 1, existing: 0, updated: 0, skipped: 0 })
    expect(summary.problems).toEqual([])

    const rows = await ctx.db
      .select({
        slug: contents.slug,
        title: contents.title,
        html: contents.html,
        custom: contents.customFields,
      })
      .from(contents)
      .where(eq(contents.tenantId, owner.tenantId))
    expect(rows.map((row) => row.slug).sort()).toEqual([
      'first-without-id',
      'second-without-id',
      'third-without-anything',
      'twin',
      'twin-2',
    ])
    const bySlug = new Map(rows.map((row) => [row.slug, row]))
    expect(bySlug.get('first-without-id')).toMatchObject({ title: 'First Without Id', html: '<p>One</p>\n' })
    expect(bySlug.get('second-without-id')?.custom).toEqual({
      wordpress: { postType: 'page', postId: null, link: 'https://old.example/second/' },
    })
    expect(bySlug.get('third-without-anything')?.custom).toEqual({
      wordpress: { postType: 'post', postId: null, link: null },
    })

    const categoryRows = await ctx.db
      .select({ slug: categories.slug, name: categories.name })
      .from(categories)
      .where(eq(categories.tenantId, owner.tenantId))
    expect(categoryRows.map((row) => [row.slug, row.name]).sort()).toEqual([
      ['food', 'Food'],
      ['travel-notes', 'Travel Notes'],
    ])
    const tagRows = await ctx.db
      .select({ slug: tags.slug })
      .from(tags)
      .where(eq(tags.tenantId, owner.tenantId))
    expect(tagRows.map((row) => row.slug)).toEqual(['rail'])
    const first = await call(ctx.app, 'GET', '/api/contents/slug/first-without-id', { token: owner.token })
    expect(first.data.content.categories).toHaveLength(1)
    expect(first.data.content.tags).toHaveLength(1)
    const second = await call(ctx.app, 'GET', '/api/contents/slug/second-without-id', { token: owner.token })
    expect(second.data.content.categories).toEqual(first.data.content.categories)

    const again = await testImporter(ctx.db).run({ file, tenantSlug: tenant?.slug ?? '' })
    expect(again.counts.posts).toEqual({ created: 0, existing: 4, updated: 0, skipped: 0 })
    expect(again.counts.pages).toEqual({ created: 0, existing: 1, updated: 0, skipped: 0 })
    expect(again.counts.categories).toEqual({ created: 0, existing: 2, updated: 0, skipped: 0 })
  })

  it('checks a dry run for a tenant that does not exist yet without an owner', async () => {
    const slug = `shapes-dry-${Date.now().toString(36)}`
    const summary = await testImporter(ctx.db).run({
      file: writeExport('dry.xml', IDLESS),
      tenantSlug: slug,
      dryRun: true,
    })
    expect(summary.tenant).toEqual({ id: null, slug, created: true })
    expect(summary.counts.posts.created).toBe(4)
    expect(await ctx.db.select().from(tenants).where(eq(tenants.slug, slug))).toEqual([])
  })
})
