import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestContext, seedTenant, seedUser, type TestContext } from '../../../test/helpers.js'
import { testImporter } from '../../../test/import-fixtures.js'
import type { Db } from '../../db/client.js'
import { contents, media, memberships, tenants } from '../../db/schema/index.js'

/** Import rules checked on small hand-written exports (the real export is in wordpress.test.ts). */
let ctx: TestContext
let tempDir: string
beforeAll(async () => {
  ctx = await createTestContext()
  tempDir = mkdtempSync(join(tmpdir(), 'folio-wxr-rules-'))
})
afterAll(async () => {
  rmSync(tempDir, { recursive: true, force: true })
  await ctx.close()
})

const importer = testImporter

function writeTemp(name: string, text: string): string {
  const path = join(tempDir, name)
  writeFileSync(path, text)
  return path
}

/** Rows the tenant holds per table the importer writes. */
async function rowCounts(db: Db, tenantId: string) {
  const result = await db.execute<Record<string, number>>(
    sql`select
      (select count(*)::int from categories where tenant_id = ${tenantId}) as categories,
      (select count(*)::int from tags where tenant_id = ${tenantId}) as tags,
      (select count(*)::int from media where tenant_id = ${tenantId}) as media,
      (select count(*)::int from contents where tenant_id = ${tenantId}) as contents,
      (select count(*)::int from import_records where tenant_id = ${tenantId}) as records`,
  )
  return (result as unknown as { rows: Record<string, number>[] }).rows[0]
}

const NAMESPACES =
  'xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" ' +
  'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/"'

function item(fields: {
  id: number
  type?: string
  status?: string
  name?: string
  title?: string
  date?: string
  password?: string
  extra?: string
}): string {
  return `<item><title><![CDATA[${fields.title ?? `Item ${fields.id}`}]]></title><dc:creator>ann</dc:creator>
    <content:encoded><![CDATA[<p>Body ${fields.id}</p><script>alert(1)</script>]]></content:encoded>
    <excerpt:encoded><![CDATA[]]></excerpt:encoded><wp:post_id>${fields.id}</wp:post_id>
    <wp:post_date_gmt>${fields.date ?? '2020-01-01 10:00:00'}</wp:post_date_gmt>
    <wp:post_name>${fields.name ?? `item-${fields.id}`}</wp:post_name><wp:status>${fields.status ?? 'publish'}</wp:status>
    <wp:post_type>${fields.type ?? 'post'}</wp:post_type><wp:post_password>${fields.password ?? ''}</wp:post_password>
    ${fields.extra ?? ''}</item>`
}

function smallExport(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" ${NAMESPACES}><channel><title>Small Site</title>
    <wp:author><wp:author_login>ann</wp:author_login><wp:author_display_name>Ann</wp:author_display_name></wp:author>
    ${body}</channel></rss>`
}

describe('import rules on small exports', () => {
  it('creates a missing tenant only with an existing owner, who becomes its owner', async () => {
    const file = writeTemp('new-tenant.xml', smallExport(item({ id: 1 })))
    const slug = `wp-${Date.now().toString(36)}`
    await expect(importer(ctx.db).run({ file, tenantSlug: slug })).rejects.toThrow(/pass --owner/)
    await expect(
      importer(ctx.db).run({ file, tenantSlug: slug, ownerEmail: 'nobody@example.test' }),
    ).rejects.toThrow(/No user has the e-mail address/)
    expect(await ctx.db.select().from(tenants).where(eq(tenants.slug, slug))).toEqual([])

    const user = await seedUser(ctx.db)
    const summary = await importer(ctx.db).run({
      file,
      tenantSlug: slug,
      ownerEmail: user.email.toUpperCase(),
    })
    expect(summary.tenant).toMatchObject({ slug, created: true })
    const [tenant] = await ctx.db.select().from(tenants).where(eq(tenants.slug, slug))
    expect(tenant).toMatchObject({ id: summary.tenant.id, name: 'Small Site' })
    const [membership] = await ctx.db
      .select()
      .from(memberships)
      .where(eq(memberships.tenantId, tenant?.id ?? ''))
    expect(membership).toMatchObject({ userId: user.userId, role: 'owner', status: 'active' })
    const [content] = await ctx.db
      .select()
      .from(contents)
      .where(eq(contents.tenantId, tenant?.id ?? ''))
    // wpautop gives the script its own paragraph, as WordPress does; the sanitizer empties it.
    expect(content).toMatchObject({
      slug: 'item-1',
      createdBy: user.userId,
      html: '<p>Body 1</p>\n<p></p>\n',
    })
  })

  it('writes nothing, not even the tenant, when the file is malformed', async () => {
    const user = await seedUser(ctx.db)
    const slug = `wp-bad-${Date.now().toString(36)}`
    const file = writeTemp('bad.xml', smallExport(item({ id: 1 })).replace('</channel>', ''))
    await expect(importer(ctx.db).run({ file, tenantSlug: slug, ownerEmail: user.email })).rejects.toThrow(
      /not well-formed XML/,
    )
    expect(await ctx.db.select().from(tenants).where(eq(tenants.slug, slug))).toEqual([])
  })

  it('reports in a dry run what would be created and writes nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const file = writeTemp(
      'dry.xml',
      smallExport(
        `<wp:tag><wp:tag_slug>news</wp:tag_slug><wp:tag_name>News</wp:tag_name></wp:tag>${item({ id: 1 })}${item({ id: 2, type: 'page' })}`,
      ),
    )
    const summary = await importer(ctx.db).run({ file, tenantSlug: `t-${owner.tenantId}`, dryRun: true })
    expect(summary.dryRun).toBe(true)
    expect(summary.counts.tags).toEqual({ created: 1, existing: 0, updated: 0, skipped: 0 })
    expect(summary.counts.posts.created).toBe(1)
    expect(summary.counts.pages.created).toBe(1)
    expect(await rowCounts(ctx.db, owner.tenantId)).toEqual({
      categories: 0,
      tags: 0,
      media: 0,
      contents: 0,
      records: 0,
    })

    const user = await seedUser(ctx.db)
    const slug = `wp-dry-${Date.now().toString(36)}`
    const forNewTenant = await importer(ctx.db).run({
      file,
      tenantSlug: slug,
      ownerEmail: user.email,
      dryRun: true,
    })
    expect(forNewTenant.tenant).toEqual({ id: null, slug, created: true })
    expect(forNewTenant.counts.posts.created).toBe(1)
    expect(await ctx.db.select().from(tenants).where(eq(tenants.slug, slug))).toEqual([])
  })

  it('adopts categories and tags a person already made instead of duplicating them', async () => {
    const owner = await seedTenant(ctx.db)
    const category = await call(ctx.app, 'POST', '/api/categories', {
      token: owner.token,
      body: { name: 'Our News', slug: 'news' },
    })
    const tag = await call(ctx.app, 'POST', '/api/tags', {
      token: owner.token,
      body: { title: 'Go', slug: 'golang' },
    })
    expect([category.statusCode, tag.statusCode]).toEqual([200, 200])
    const file = writeTemp(
      'adopt.xml',
      smallExport(`<wp:category><wp:term_id>5</wp:term_id><wp:category_nicename>news</wp:category_nicename>
        <wp:category_parent/><wp:cat_name>News</wp:cat_name></wp:category>
        <wp:tag><wp:tag_slug>golang</wp:tag_slug><wp:tag_name>Golang</wp:tag_name></wp:tag>
        ${item({ id: 1, extra: '<category domain="category" nicename="news">News</category><category domain="post_tag" nicename="golang">Golang</category>' })}`),
    )
    const summary = await importer(ctx.db).run({ file, tenantSlug: `t-${owner.tenantId}` })
    expect(summary.counts.categories).toEqual({ created: 0, existing: 1, updated: 0, skipped: 0 })
    expect(summary.counts.tags).toEqual({ created: 0, existing: 1, updated: 0, skipped: 0 })
    const counts = await rowCounts(ctx.db, owner.tenantId)
    expect(counts).toMatchObject({ categories: 1, tags: 1, contents: 1, records: 3 })
    const [content] = await ctx.db.select().from(contents).where(eq(contents.tenantId, owner.tenantId))
    const post = await call(ctx.app, 'GET', `/api/contents/${content?.id}`, { token: owner.token })
    expect(post.data.content.categories).toEqual([category.data.category.id])
    expect(post.data.content.tags).toEqual([tag.data.tag.id])
  })

  it('never fails on a slug clash: a post and a page sharing a slug, or a slug a person holds', async () => {
    const owner = await seedTenant(ctx.db)
    const existing = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'Mine', slug: 'contact' },
    })
    expect(existing.statusCode).toBe(200)
    const file = writeTemp(
      'clash.xml',
      smallExport(
        item({ id: 1, name: 'about' }) +
          item({ id: 2, name: 'about', type: 'page' }) +
          item({ id: 3, name: 'contact', type: 'page', title: 'Contact us' }) +
          item({ id: 4, name: '', status: 'draft', title: 'No slug yet' }),
      ),
    )
    const summary = await importer(ctx.db).run({ file, tenantSlug: `t-${owner.tenantId}` })
    expect(summary.counts.posts).toEqual({ created: 2, existing: 0, updated: 0, skipped: 0 })
    expect(summary.counts.pages).toEqual({ created: 2, existing: 0, updated: 0, skipped: 0 })
    const slugs = await ctx.db
      .select({ slug: contents.slug, title: contents.title })
      .from(contents)
      .where(eq(contents.tenantId, owner.tenantId))
    expect(slugs.map((row) => row.slug).sort()).toEqual([
      'about',
      'about-2',
      'contact',
      'contact-2',
      'no-slug-yet',
    ])
  })

  it('maps every WordPress status and skips trash, auto-draft and inherit', async () => {
    const owner = await seedTenant(ctx.db)
    const now = new Date('2024-06-01T00:00:00Z')
    const file = writeTemp(
      'statuses.xml',
      smallExport(
        item({ id: 1, status: 'publish' }) +
          item({ id: 2, status: 'draft' }) +
          item({ id: 3, status: 'pending' }) +
          item({ id: 4, status: 'future', date: '2030-01-01 00:00:00' }) +
          item({ id: 5, status: 'future', date: '2020-01-01 00:00:00' }) +
          item({ id: 6, status: 'private' }) +
          item({ id: 7, status: 'publish', password: 'secret' }) +
          item({ id: 8, status: 'trash' }) +
          item({ id: 9, status: 'auto-draft', type: 'page' }) +
          item({ id: 10, status: 'inherit', type: 'revision' }) +
          item({ id: 11, status: 'inherit' }),
      ),
    )
    const summary = await importer(ctx.db).run({ file, tenantSlug: `t-${owner.tenantId}`, now })
    expect(summary.statuses).toEqual({ published: 1, draft: 4, scheduled: 1, archived: 1 })
    expect(summary.counts.posts).toEqual({ created: 7, existing: 0, updated: 0, skipped: 2 })
    expect(summary.counts.pages).toEqual({ created: 0, existing: 0, updated: 0, skipped: 1 })
    expect(summary.skipped).toEqual({
      'post status trash': 1,
      'page status auto-draft': 1,
      'post status inherit': 1,
      'post type revision': 1,
    })
    const rows = await ctx.db
      .select({ slug: contents.slug, status: contents.status, publishedAt: contents.publishedAt })
      .from(contents)
      .where(eq(contents.tenantId, owner.tenantId))
    const bySlug = new Map(rows.map((row) => [row.slug, row]))
    expect(bySlug.get('item-1')).toEqual({
      slug: 'item-1',
      status: 'published',
      publishedAt: new Date('2020-01-01T10:00:00Z'),
    })
    expect(bySlug.get('item-6')).toMatchObject({
      status: 'archived',
      publishedAt: new Date('2020-01-01T10:00:00Z'),
    })
    expect(bySlug.get('item-7')).toMatchObject({ status: 'draft', publishedAt: null })
  })

  it('resumes an interrupted run without duplicates and reports refused items', async () => {
    const owner = await seedTenant(ctx.db)
    const badAttachment = item({
      id: 20,
      type: 'attachment',
      status: 'inherit',
      extra: '<wp:attachment_url>javascript:alert(1)</wp:attachment_url>',
    })
    const goodAttachment = item({
      id: 21,
      type: 'attachment',
      status: 'inherit',
      extra: '<wp:attachment_url>https://cdn.example.com/a.jpg</wp:attachment_url>',
    })
    const featured = item({
      id: 1,
      extra:
        '<wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>21</wp:meta_value></wp:postmeta>',
    })
    const firstHalf = writeTemp('half.xml', smallExport(goodAttachment + featured))
    const whole = writeTemp(
      'whole.xml',
      smallExport(badAttachment + goodAttachment + featured + item({ id: 2 })),
    )
    await importer(ctx.db).run({ file: firstHalf, tenantSlug: `t-${owner.tenantId}` })
    const summary = await importer(ctx.db).run({ file: whole, tenantSlug: `t-${owner.tenantId}` })
    expect(summary.counts.media).toEqual({ created: 0, existing: 1, updated: 0, skipped: 1 })
    expect(summary.counts.posts).toEqual({ created: 1, existing: 1, updated: 0, skipped: 0 })
    expect(summary.problems).toEqual([{ key: 'attachment:20', message: expect.stringMatching(/http/) }])
    expect(await rowCounts(ctx.db, owner.tenantId)).toMatchObject({ media: 1, contents: 2, records: 3 })
    const [post] = await ctx.db
      .select({ featuredMediaId: contents.featuredMediaId })
      .from(contents)
      .where(and(eq(contents.tenantId, owner.tenantId), eq(contents.slug, 'item-1')))
    const [record] = await ctx.db
      .select({ id: media.id })
      .from(media)
      .where(eq(media.tenantId, owner.tenantId))
    expect(post?.featuredMediaId).toBe(record?.id)
  })
  it('reports a post whose html is too long or nests too deeply as a problem and imports the others', async () => {
    const owner = await seedTenant(ctx.db)
    const long = item({ id: 1 }).replace('<p>Body 1</p>', `<p>${'a'.repeat(1_000_000)}</p>`)
    const deep = item({ id: 2 }).replace('<p>Body 2</p>', `${'<div>'.repeat(300)}${'</div>'.repeat(300)}`)
    const file = writeTemp('html-limits.xml', smallExport(long + deep + item({ id: 3 })))
    const summary = await importer(ctx.db).run({ file, tenantSlug: `t-${owner.tenantId}` })
    expect(summary.counts.posts).toEqual({ created: 1, existing: 0, updated: 0, skipped: 2 })
    expect(summary.problems).toEqual([
      { key: 'post:1', message: expect.stringContaining('html must be at most 1000000 characters long') },
      { key: 'post:2', message: expect.stringContaining('html nests elements deeper than 256 levels') },
    ])
    expect(await rowCounts(ctx.db, owner.tenantId)).toMatchObject({ contents: 1 })
  })
})
