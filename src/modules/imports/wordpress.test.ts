import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  call,
  createTestContext,
  type SeededMember,
  seedApiToken,
  seedTenant,
  type TestContext,
} from '../../../test/helpers.js'
import { testImporter } from '../../../test/import-fixtures.js'
import type { Db } from '../../db/client.js'
import {
  categories,
  contents,
  contentVersions,
  importRecords,
  media,
  tags,
  tenants,
} from '../../db/schema/index.js'
import type { WordPressImportSummary } from './wordpress-import.js'

const WXR_FILE = fileURLToPath(
  new URL('../../../test/fixtures/wordpress/themeunittestdata.wordpress.xml', import.meta.url),
)

/**
 * What the export holds, counted straight from its text with regular expressions, independently
 * of the importer's parser, and mapped by the rules.
 */
function expectedFromFile(now: Date) {
  const xml = readFileSync(WXR_FILE, 'utf8')
  const field = (block: string, tag: string) =>
    new RegExp(`<${tag}>(?:<!\\[CDATA\\[)?([\\s\\S]*?)(?:\\]\\]>)?</${tag}>`).exec(block)?.[1]?.trim() ?? ''
  const links = (block: string, domain: string) =>
    [
      ...block.matchAll(
        new RegExp(`<category domain="${domain}" nicename="([^"]+)">(?:<!\\[CDATA\\[)?([^\\]<]*)`, 'g'),
      ),
    ].map((match) => ({ slug: match[1] ?? '', name: match[2] ?? '' }))
  const items = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1] ?? '')
  const categoryNames = new Map<string, string>()
  for (const [, block = ''] of xml.matchAll(/<wp:category>([\s\S]*?)<\/wp:category>/g)) {
    categoryNames.set(field(block, 'wp:category_nicename'), field(block, 'wp:cat_name'))
  }
  const tagNames = new Map<string, string>()
  for (const [, block = ''] of xml.matchAll(/<wp:tag>([\s\S]*?)<\/wp:tag>/g)) {
    tagNames.set(field(block, 'wp:tag_slug'), field(block, 'wp:tag_name'))
  }
  for (const item of items) {
    for (const link of links(item, 'category'))
      if (!categoryNames.has(link.slug)) categoryNames.set(link.slug, link.name)
    for (const link of links(item, 'post_tag'))
      if (!tagNames.has(link.slug)) tagNames.set(link.slug, link.name)
  }
  const statusOf = (item: string) => {
    const status = field(item, 'wp:status')
    const password = /<wp:post_password>/.test(item) && field(item, 'wp:post_password') !== ''
    if (status === 'publish') return password ? 'draft' : 'published'
    if (status === 'future')
      return new Date(`${field(item, 'wp:post_date_gmt')}Z`) > now ? 'scheduled' : 'draft'
    if (status === 'draft' || status === 'pending') return 'draft'
    return status === 'private' ? 'archived' : undefined
  }
  const ofType = (type: string) => items.filter((item) => field(item, 'wp:post_type') === type)
  const contentItems = [...ofType('post'), ...ofType('page')]
  const statuses = { draft: 0, published: 0, scheduled: 0, archived: 0 }
  for (const item of contentItems) {
    const status = statusOf(item)
    if (status !== undefined) statuses[status]++
  }
  const published = contentItems.filter((item) => statusOf(item) === 'published')
  const attachmentUrl = (postId: string) =>
    field(
      ofType('attachment').find((item) => field(item, 'wp:post_id') === postId) ?? '',
      'wp:attachment_url',
    )
  // Pages listed before their parent: linked in a second pass, which saves a version 2.
  const inFileOrder = items.filter((item) => ['post', 'page'].includes(field(item, 'wp:post_type')))
  const position = new Map(inFileOrder.map((item, index) => [field(item, 'wp:post_id'), index]))
  const pagesBeforeParent = inFileOrder.filter(
    (item, index) =>
      field(item, 'wp:post_type') === 'page' && (position.get(field(item, 'wp:post_parent')) ?? -1) > index,
  ).length
  return {
    categories: categoryNames.size,
    pagesBeforeParent,
    tags: tagNames.size,
    media: ofType('attachment').length,
    posts: ofType('post').length,
    pages: ofType('page').length,
    statuses,
    publishedWithCategoryNamed: (term: string) =>
      published.filter((item) =>
        links(item, 'category').some((link) => categoryNames.get(link.slug)?.toLowerCase().includes(term)),
      ).length,
    publishedWithTagNamed: (term: string) =>
      published.filter((item) =>
        links(item, 'post_tag').some(
          (link) => link.slug === term || tagNames.get(link.slug)?.toLowerCase().includes(term),
        ),
      ).length,
    featured: (slug: string) => {
      const item = contentItems.find((candidate) => field(candidate, 'wp:post_name') === slug) ?? ''
      const thumbnail =
        /<wp:meta_key>_thumbnail_id<\/wp:meta_key>\s*<wp:meta_value>(?:<!\[CDATA\[)?(\d+)/.exec(item)
      return attachmentUrl(thumbnail?.[1] ?? '')
    },
  }
}

let ctx: TestContext
let tempDir: string
beforeAll(async () => {
  ctx = await createTestContext()
  tempDir = mkdtempSync(join(tmpdir(), 'folio-wxr-'))
})
afterAll(async () => {
  rmSync(tempDir, { recursive: true, force: true })
  await ctx.close()
})

const importer = testImporter

async function rowCounts(db: Db, tenantId: string) {
  const countOf = async (table: typeof categories | typeof tags | typeof media | typeof contents) => {
    const [row] = await db.select({ total: count() }).from(table).where(eq(table.tenantId, tenantId))
    return row?.total ?? 0
  }
  const [records] = await db
    .select({ total: count() })
    .from(importRecords)
    .where(eq(importRecords.tenantId, tenantId))
  return {
    categories: await countOf(categories),
    tags: await countOf(tags),
    media: await countOf(media),
    contents: await countOf(contents),
    records: records?.total ?? 0,
  }
}

function writeTemp(name: string, text: string): string {
  const path = join(tempDir, name)
  writeFileSync(path, text)
  return path
}

describe('importing the WordPress theme unit test export', () => {
  const now = new Date()
  const expected = expectedFromFile(now)
  let owner: SeededMember
  let token: string
  let summary: WordPressImportSummary

  beforeAll(async () => {
    owner = await seedTenant(ctx.db)
    token = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['read', 'preview'] })
    const [tenant] = await ctx.db
      .select({ slug: tenants.slug })
      .from(tenants)
      .where(eq(tenants.id, owner.tenantId))
    summary = await importer(ctx.db).run({ file: WXR_FILE, tenantSlug: tenant?.slug ?? '', now })
  }, 120_000)

  it('reports per kind and per status exactly what the file holds', () => {
    expect(summary.tenant).toEqual({ id: owner.tenantId, slug: `t-${owner.tenantId}`, created: false })
    expect(summary.counts).toEqual({
      categories: { created: expected.categories, existing: 0, updated: 0, skipped: 0 },
      tags: { created: expected.tags, existing: 0, updated: 0, skipped: 0 },
      media: { created: expected.media, existing: 0, updated: 0, skipped: 0 },
      posts: { created: expected.posts, existing: 0, updated: 0, skipped: 0 },
      pages: { created: expected.pages, existing: 0, updated: 0, skipped: 0 },
      menus: { created: 6, existing: 0, updated: 0, skipped: 0 },
      menuItems: { created: 70, existing: 0, updated: 0, skipped: 0 },
    })
    expect(summary.statuses).toEqual(expected.statuses)
    expect(summary.skipped).toEqual({})
    // Testing Menu nests "Level 01" … "Level 10" ten deep; Folio menus have 3 levels.
    expect(summary.problems.map((problem) => problem.message)).toEqual(
      Array(8).fill(
        'Nested deeper than 3 levels in WordPress; placed at level 3, the deepest a Folio menu has.',
      ),
    )
  })

  it('writes one row per imported thing, with contents per status as reported', async () => {
    expect(await rowCounts(ctx.db, owner.tenantId)).toEqual({
      categories: expected.categories,
      tags: expected.tags,
      media: expected.media,
      contents: expected.posts + expected.pages,
      records:
        expected.categories + expected.tags + expected.media + expected.posts + expected.pages + 6 + 70,
    })
    const byStatus = await ctx.db
      .select({ status: contents.status, total: count() })
      .from(contents)
      .where(eq(contents.tenantId, owner.tenantId))
      .groupBy(contents.status)
    const statuses = { draft: 0, published: 0, scheduled: 0, archived: 0 }
    for (const row of byStatus) statuses[row.status as keyof typeof statuses] = row.total
    expect(statuses).toEqual(expected.statuses)
    // Each imported content is a create through the contents service: version 1, with its snapshot;
    // a page listed before its parent gets a version 2 when linked to it.
    const versions = await ctx.db
      .select({ version: contentVersions.version, total: count() })
      .from(contentVersions)
      .where(eq(contentVersions.tenantId, owner.tenantId))
      .groupBy(contentVersions.version)
      .orderBy(contentVersions.version)
    expect(expected.pagesBeforeParent).toBe(2)
    expect(versions).toEqual([
      { version: 1, total: expected.posts + expected.pages },
      { version: 2, total: expected.pagesBeforeParent },
    ])
  })

  it('keeps the category hierarchy: child-2 under child-1 under parent', async () => {
    const response = await call(ctx.app, 'GET', '/api/categories?flat=true', { token })
    expect(response.statusCode).toBe(200)
    const bySlug = new Map<string, { id: string; parentId: string | null; name: string }>(
      response.data.categories.map((category: { slug: string }) => [category.slug, category]),
    )
    expect(bySlug.get('child-2')?.parentId).toBe(bySlug.get('child-1')?.id)
    expect(bySlug.get('child-1')?.parentId).toBe(bySlug.get('parent')?.id)
    expect(bySlug.get('grandchild-category')?.parentId).toBe(bySlug.get('child-category-03')?.id)
    expect(bySlug.get('parent')?.parentId).toBeNull()
    expect(bySlug.get('child-category-01')).toMatchObject({ name: 'Child Category 01' })
  })

  it('keeps WordPress slugs, decoding percent-encoded ones', async () => {
    for (const slug of ['template-featured-image-horizontal', 'about', 'level-3b', 'edge-case-no-title']) {
      const response = await call(ctx.app, 'GET', `/api/contents/slug/${slug}`, { token })
      expect(response.statusCode, slug).toBe(200)
    }
    const greek = await call(ctx.app, 'GET', '/api/contents/slug/epipedo-2', { token })
    expect(greek.data.content.title).toBe('Επίπεδο 2 -Second Greek level')
    const untitled = await call(ctx.app, 'GET', '/api/contents/slug/edge-case-no-title', { token })
    expect(untitled.data.content.title).toBe('(no title)')
  })

  it('serves the published posts and pages, filtered by category and tag name', async () => {
    const published = await call(ctx.app, 'GET', '/api/contents?status=published&view=summary&limit=100', {
      token,
    })
    expect(published.statusCode).toBe(200)
    expect(published.data.pagination.total).toBe(expected.statuses.published)
    const byCategory = await call(ctx.app, 'GET', '/api/contents?status=published&categoryName=Markup', {
      token,
    })
    expect(byCategory.data.pagination.total).toBe(expected.publishedWithCategoryNamed('markup'))
    expect(byCategory.data.pagination.total).toBeGreaterThan(0)
    const byTag = await call(ctx.app, 'GET', '/api/contents?status=published&tagName=template', { token })
    expect(byTag.data.pagination.total).toBe(expected.publishedWithTagNamed('template'))
    expect(byTag.data.pagination.total).toBeGreaterThan(0)
  })

  it('records where each content came from, so pages and posts stay apart', async () => {
    const about = await call(ctx.app, 'GET', '/api/contents/slug/about', { token })
    expect(about.data.content.customFields).toEqual({
      wordpress: { postType: 'page', postId: '2', link: 'https://wpthemetestdata.wordpress.com/about/' },
    })
    const standard = await call(ctx.app, 'GET', '/api/contents/slug/post-format-standard', { token })
    expect(standard.data.content.customFields.wordpress).toMatchObject({ postType: 'post' })
    const pages = await ctx.db
      .select({ total: count() })
      .from(contents)
      .where(
        and(
          eq(contents.tenantId, owner.tenantId),
          sql`${contents.customFields}->'wordpress'->>'postType' = 'page'`,
        ),
      )
    expect(pages[0]?.total).toBe(expected.pages)
  })

  it('imports pages as type page under their wp:post_parent, ordered by wp:menu_order; posts as type post', async () => {
    const xml = readFileSync(WXR_FILE, 'utf8')
    const field = (block: string, tag: string) =>
      new RegExp(`<${tag}>(?:<!\\[CDATA\\[)?([\\s\\S]*?)(?:\\]\\]>)?</${tag}>`).exec(block)?.[1]?.trim() ?? ''
    const wpPages = new Map<string, { parent: string; order: number }>()
    for (const [, block = ''] of xml.matchAll(/<item>([\s\S]*?)<\/item>/g)) {
      if (field(block, 'wp:post_type') !== 'page') continue
      const parent = field(block, 'wp:post_parent')
      wpPages.set(field(block, 'wp:post_id'), {
        parent: parent === '0' ? '' : parent,
        order: Number.parseInt(field(block, 'wp:menu_order'), 10) || 0,
      })
    }
    const rows = await ctx.db
      .select({
        id: contents.id,
        type: contents.type,
        parentId: contents.parentId,
        order: contents.order,
        postType: sql<string>`${contents.customFields}->'wordpress'->>'postType'`,
        postId: sql<string>`${contents.customFields}->'wordpress'->>'postId'`,
      })
      .from(contents)
      .where(eq(contents.tenantId, owner.tenantId))
    const idOfPost = new Map(rows.map((row) => [row.postId, row.id]))
    const pages = rows.filter((row) => row.postType === 'page')
    expect(pages.length).toBe(expected.pages)
    expect(rows.filter((row) => row.postType === 'post').every((row) => row.type === 'post')).toBe(true)
    let children = 0
    for (const page of pages) {
      const source = wpPages.get(page.postId)
      expect(page.type).toBe('page')
      expect(page.order).toBe(source?.order)
      const parentId = source?.parent === '' ? undefined : idOfPost.get(source?.parent ?? '')
      expect(page.parentId, page.postId).toBe(parentId ?? null)
      if (parentId !== undefined) children++
    }
    expect(children).toBeGreaterThan(10)
    const tree = await call(ctx.app, 'GET', '/api/public/contents/tree', {
      headers: { 'x-tenant-id': owner.tenantId },
    })
    expect(tree.statusCode, tree.body).toBe(200)
    const about = tree.data.tree.find((node: { slug: string }) => node.slug === 'about')
    expect(about.children.length).toBeGreaterThan(0)
  })

  it('maps dates, author names and the scheduled post', async () => {
    const standard = await call(ctx.app, 'GET', '/api/contents/slug/post-format-standard', { token })
    expect(standard.data.content).toMatchObject({
      status: 'published',
      publishedAt: '2010-10-05T07:27:25.000Z',
      authorName: 'Theme Buster',
    })
    const scheduled = await call(ctx.app, 'GET', '/api/contents/slug/scheduled', { token })
    expect(scheduled.data.content).toMatchObject({
      status: 'scheduled',
      publishAt: '2030-01-01T19:00:18.000Z',
      publishedAt: null,
    })
  })

  it('links the featured image to a media record with the attachment URL', async () => {
    const slug = 'template-featured-image-horizontal'
    const post = await call(ctx.app, 'GET', `/api/contents/slug/${slug}`, { token })
    const mediaId = post.data.content.featuredMediaId
    expect(mediaId).toMatch(/^[a-f0-9]{24}$/)
    const list = await call(ctx.app, 'GET', '/api/media?limit=100', { token })
    expect(list.statusCode).toBe(200)
    const record = list.data.media.find((item: { id: string }) => item.id === mediaId)
    expect(record.url).toBe(expected.featured(slug))
    expect(record.url).toMatch(/^https:\/\//)
  })

  it('changes nothing when run a second time', async () => {
    const before = await rowCounts(ctx.db, owner.tenantId)
    const again = await importer(ctx.db).run({ file: WXR_FILE, tenantSlug: `t-${owner.tenantId}`, now })
    for (const counts of Object.values(again.counts)) expect(counts.created).toBe(0)
    expect(again.counts.posts.existing).toBe(expected.posts)
    expect(again.statuses).toEqual(expected.statuses)
    expect(await rowCounts(ctx.db, owner.tenantId)).toEqual(before)
  })

  it('fails on a truncated copy and leaves the tenant as it was', async () => {
    const before = await rowCounts(ctx.db, owner.tenantId)
    const xml = readFileSync(WXR_FILE, 'utf8')
    const truncated = writeTemp('truncated.xml', xml.slice(0, Math.floor(xml.length * 0.6)))
    await expect(
      importer(ctx.db).run({ file: truncated, tenantSlug: `t-${owner.tenantId}` }),
    ).rejects.toThrow(/not well-formed XML/)
    expect(await rowCounts(ctx.db, owner.tenantId)).toEqual(before)
  })

  it('rejects a DOCTYPE/entity payload and writes nothing', async () => {
    const before = await rowCounts(ctx.db, owner.tenantId)
    const xml = readFileSync(WXR_FILE, 'utf8').replace(
      '<rss ',
      '<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<rss ',
    )
    const hostile = writeTemp(
      'xxe.xml',
      xml.replace('<title>Theme Unit Test Data</title>', '<title>&xxe;</title>'),
    )
    await expect(importer(ctx.db).run({ file: hostile, tenantSlug: `t-${owner.tenantId}` })).rejects.toThrow(
      /DOCTYPE/,
    )
    expect(await rowCounts(ctx.db, owner.tenantId)).toEqual(before)
  })
})
