// Bench seed: one tenant (user, owner membership, read-only editor API token), 50 categories, 200 tags
// and N contents (~3 KB HTML each, 90% published over ~3 years, 1–3 categories and 2–5 tags each),
// written with bulk `INSERT … SELECT FROM unnest(...)` through `pg`, then VACUUM ANALYZE. Deterministic
// (BENCH_SEED) except for the ids' time prefix and the API token. Contents are `en`; with `translate`,
// the tenant also serves that locale and about half the documents have a translation in it (same
// status, dates, slug and links), as a two-language site would.
import { createHash, randomBytes } from 'node:crypto'
import pg from 'pg'
import {
  authorFor,
  createRandom,
  htmlFor,
  SEARCH_WORD,
  slugFor,
  summaryFor,
  TITLE_WORDS,
  titleFor,
} from './corpus.mjs'

const DAY_MS = 86_400_000
const BATCH = 500

/**
 * Seeds the bench tenant into the (already migrated) database at `url`.
 * @returns {Promise<{tenantId: string, token: string, publishedSlugs: string[], tagIds: string[],
 *   tagTitles: string[], tags: {id: string, title: string, slug: string}[], searchWord: string,
 *   summary: Record<string, number>}>} `tagIds` are tags with ≥ 20 published contents, most used
 *   first, and `tagTitles` their titles in the same order; `tags` are all of them. `translate` (a
 *   locale, e.g. `tr`): the tenant's locales become `en` and it, and about half the documents get a
 *   translation in it.
 */
export async function seed(
  url,
  { contents = 10_000, categories = 50, tags = 200, seed = 42, translate, log = console.log } = {},
) {
  const random = createRandom(seed)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const started = performance.now()
  const now = Date.now()
  let serial = 0
  // Folio ids: 4 bytes of seconds, then random; a per-run counter keeps them unique.
  const idAt = (ms) =>
    Math.floor(ms / 1000)
      .toString(16)
      .padStart(8, '0') +
    random.hex(10) +
    (serial++).toString(16).padStart(6, '0')
  const iso = (ms) => new Date(ms).toISOString()
  try {
    await client.query('BEGIN')
    const userId = idAt(now - 1200 * DAY_MS)
    const tenantId = idAt(now - 1200 * DAY_MS)
    const token = `folio_${randomBytes(32).toString('base64url')}`
    await client.query(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, email_verified_at)
       VALUES ($1, 'bench-owner@example.com', 'not-a-password-hash', 'Bench', 'Owner', now())`,
      [userId],
    )
    await client.query(
      `INSERT INTO tenants (id, name, slug, plan) VALUES ($1, 'Bench Tenant', 'bench-tenant', 'enterprise')`,
      [tenantId],
    )
    await client.query(
      `INSERT INTO memberships (tenant_id, id, user_id, role, status, accepted_at)
       VALUES ($1, $2, $3, 'owner', 'active', now())`,
      [tenantId, idAt(now), userId],
    )
    await client.query(
      `INSERT INTO api_tokens (tenant_id, id, name, token_hash, role, scopes, created_by)
       VALUES ($1, $2, 'bench', $3, 'editor', '{read}', $4)`,
      [tenantId, idAt(now), createHash('sha256').update(token).digest('hex'), userId],
    )

    const categoryIds = []
    const categoryRows = { id: [], name: [], slug: [], position: [] }
    for (let i = 0; i < categories; i++) {
      const name = `${TITLE_WORDS[i % TITLE_WORDS.length]} ${Math.floor(i / TITLE_WORDS.length) + 1}`
      const id = idAt(now - 1100 * DAY_MS)
      categoryIds.push(id)
      categoryRows.id.push(id)
      categoryRows.name.push(name)
      categoryRows.slug.push(name.replace(/\s+/g, '-'))
      categoryRows.position.push(i)
    }
    await client.query(
      `INSERT INTO categories (tenant_id, id, name, slug, position)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int[])`,
      [tenantId, categoryRows.id, categoryRows.name, categoryRows.slug, categoryRows.position],
    )
    const tagIds = []
    const tagRows = { id: [], title: [], slug: [] }
    for (let i = 0; i < tags; i++) {
      const title = `${random.pick(TITLE_WORDS)} ${random.pick(TITLE_WORDS)} ${i}`
      const id = idAt(now - 1100 * DAY_MS)
      tagIds.push(id)
      tagRows.id.push(id)
      tagRows.title.push(title)
      tagRows.slug.push(title.replace(/\s+/g, '-'))
    }
    await client.query(
      `INSERT INTO tags (tenant_id, id, title, slug) SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[])`,
      [tenantId, tagRows.id, tagRows.title, tagRows.slug],
    )
    log(`  seeded user, tenant, membership, API token, ${categories} categories, ${tags} tags`)

    const counts = { published: 0, draft: 0, scheduled: 0, archived: 0, searchHitsPublished: 0, links: 0 }
    const publishedSlugs = []
    const tagUse = new Map()
    // Tags are Zipf-like (a few popular ones), categories uniform: lists by tag see realistic skew.
    const pickTag = () => tagIds[Math.floor(tags * random.next() ** 2.2)]
    for (let start = 0; start < contents; start += BATCH) {
      const rows = {
        id: [],
        title: [],
        slug: [],
        summary: [],
        html: [],
        status: [],
        publishAt: [],
        publishedAt: [],
        author: [],
        created: [],
        updated: [],
      }
      const links = { cc: [[], []], ct: [[], []] }
      for (let i = start; i < Math.min(contents, start + BATCH); i++) {
        const roll = random.next()
        const status =
          roll < 0.9 ? 'published' : roll < 0.96 ? 'draft' : roll < 0.98 ? 'scheduled' : 'archived'
        const publishedMs = now - Math.floor(random.next() * 3 * 365 * DAY_MS)
        const createdMs = publishedMs - random.int(1, 20) * 3_600_000
        const title = titleFor(random)
        const id = idAt(createdMs)
        const slug = slugFor(title, i)
        counts[status]++
        if (status === 'published') {
          publishedSlugs.push(slug)
          if (title.toLowerCase().includes(SEARCH_WORD)) counts.searchHitsPublished++
        }
        rows.id.push(id)
        rows.title.push(title)
        rows.slug.push(slug)
        rows.summary.push(summaryFor(random))
        rows.html.push(htmlFor(random))
        rows.status.push(status)
        rows.publishAt.push(status === 'scheduled' ? iso(now + random.int(1, 60) * DAY_MS) : null)
        rows.publishedAt.push(status === 'published' || status === 'archived' ? iso(publishedMs) : null)
        rows.author.push(authorFor(random))
        rows.created.push(iso(createdMs))
        rows.updated.push(iso(Math.min(now, publishedMs + random.int(0, 30) * DAY_MS)))
        for (const categoryId of distinct(random.int(1, 3), () => random.pick(categoryIds))) {
          links.cc[0].push(id)
          links.cc[1].push(categoryId)
        }
        for (const tagId of distinct(random.int(2, 5), pickTag)) {
          links.ct[0].push(id)
          links.ct[1].push(tagId)
          if (status === 'published') tagUse.set(tagId, (tagUse.get(tagId) ?? 0) + 1)
        }
      }
      await client.query(
        `INSERT INTO contents (tenant_id, id, locale, translation_group_id, title, slug, summary, html, status,
           publish_at, published_at, author_name, created_by, updated_by, created_at, updated_at)
         SELECT $1, c.id, 'en', c.id, c.title, c.slug, c.summary, c.html, c.status,
           c.publish_at, c.published_at, c.author_name, $2, $2, c.created_at, c.updated_at
         FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
           $9::timestamptz[], $10::timestamptz[], $11::text[], $12::timestamptz[], $13::timestamptz[])
           AS c(id, title, slug, summary, html, status, publish_at, published_at, author_name, created_at, updated_at)`,
        [tenantId, userId, ...Object.values(rows)],
      )
      await client.query(
        `INSERT INTO content_categories (tenant_id, content_id, category_id)
         SELECT $1, * FROM unnest($2::text[], $3::text[])`,
        [tenantId, ...links.cc],
      )
      await client.query(
        `INSERT INTO content_tags (tenant_id, content_id, tag_id) SELECT $1, * FROM unnest($2::text[], $3::text[])`,
        [tenantId, ...links.ct],
      )
      counts.links += links.cc[0].length + links.ct[0].length
      const done = Math.min(contents, start + BATCH)
      if (done % 2000 === 0 || done === contents) log(`  contents ${done}/${contents}`)
    }
    if (translate !== undefined) {
      // Half the documents (by a bit of their id's hash) get a translation: an id of its own, the
      // same slug (slugs are unique per locale), text marked with the locale, the same links.
      await client.query(
        `INSERT INTO contents (tenant_id, id, locale, translation_group_id, title, slug, summary, html, status,
           publish_at, published_at, author_name, created_by, updated_by, created_at, updated_at)
         SELECT tenant_id, substr(md5(id || ':' || $2), 1, 24), $2, id, title || ' [' || $2 || ']', slug, summary,
           html, status, publish_at, published_at, author_name, created_by, updated_by, created_at, updated_at
         FROM contents WHERE tenant_id = $1 AND get_byte(decode(md5(id), 'hex'), 0) % 2 = 0`,
        [tenantId, translate],
      )
      for (const [table, column] of [
        ['content_categories', 'category_id'],
        ['content_tags', 'tag_id'],
      ]) {
        await client.query(
          `INSERT INTO ${table} (tenant_id, content_id, ${column})
           SELECT l.tenant_id, t.id, l.${column} FROM ${table} l
           JOIN contents t ON t.tenant_id = l.tenant_id AND t.translation_group_id = l.content_id AND t.locale = $2
           WHERE l.tenant_id = $1`,
          [tenantId, translate],
        )
      }
      await client.query(
        `INSERT INTO tenant_settings (tenant_id, locales) VALUES ($1, $2)
         ON CONFLICT (tenant_id) DO UPDATE SET locales = excluded.locales`,
        [tenantId, { default: 'en', available: ['en', translate], fallbacks: {} }],
      )
      const { rows: made } = await client.query(
        'SELECT count(*)::int AS n FROM contents WHERE tenant_id = $1 AND locale = $2',
        [tenantId, translate],
      )
      counts.translated = made[0].n
      log(`  translated ${made[0].n} contents into ${translate}`)
    }
    // Links carry copies of their content's status and publishedAt (src/db/schema/content.ts).
    for (const table of ['content_categories', 'content_tags']) {
      await client.query(
        `UPDATE ${table} l SET status = c.status, published_at = c.published_at
         FROM contents c WHERE c.tenant_id = l.tenant_id AND c.id = l.content_id`,
      )
    }
    await client.query('COMMIT')
    // VACUUM sets the visibility map (index-only scans), as autovacuum would on a live database.
    await client.query('VACUUM ANALYZE')
    const busyTags = [...tagUse].filter(([, n]) => n >= 20).sort((a, b) => b[1] - a[1])
    const { rows: size } = await client.query('SELECT pg_database_size(current_database())::bigint AS bytes')
    const summary = {
      contents,
      ...counts,
      categories,
      tags,
      tagsWith20Published: busyTags.length,
      databaseMB: Math.round(Number(size[0].bytes) / 1048576),
      seconds: Math.round((performance.now() - started) / 100) / 10,
    }
    return {
      tenantId,
      token,
      publishedSlugs,
      tagIds: busyTags.map(([id]) => id),
      tagTitles: busyTags.map(([id]) => tagRows.title[tagIds.indexOf(id)]),
      tags: tagIds.map((id, i) => ({ id, title: tagRows.title[i], slug: tagRows.slug[i] })),
      searchWord: SEARCH_WORD,
      summary,
    }
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {})
    throw err
  } finally {
    await client.end()
  }
}

/** Up to `n` distinct values from `draw` (gives up after a few collisions rather than looping). */
function distinct(n, draw) {
  const out = new Set()
  for (let tries = 0; out.size < n && tries < n * 4; tries++) out.add(draw())
  return out
}
