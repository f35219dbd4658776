// EXPLAIN (ANALYZE, BUFFERS) of every statement the bench routes send, on a database kept by
// `BENCH_KEEP=1 npm run bench`, plus the mean execution time over repeated runs: shows how much of a
// request is PostgreSQL. Usage: node bench/explain.mjs [repeat=50]  (uses BENCH_DATABASE_URL)
import pg from 'pg'
import { SEARCH_WORD } from './corpus.mjs'
import {
  listStatements,
  publicKeysStatement,
  publicListStatements,
  publicSlugStatement,
  slugStatement,
  tagIdsStatement,
} from './reference-sql.mjs'

const url = process.env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/folio_bench'
const repeat = Number(process.argv[2] ?? 50)
const client = new pg.Client({ connectionString: url })
await client.connect().catch((err) => {
  console.error(`Cannot open ${url} (${err.message}); keep one with BENCH_KEEP=1 npm run bench`)
  process.exit(1)
})
try {
  const { rows: tenants } = await client.query(`select id from tenants where slug = 'bench-tenant'`)
  if (tenants.length === 0) throw new Error(`No bench tenant in ${url}; run BENCH_KEEP=1 npm run bench first`)
  const tenantId = tenants[0].id
  const { rows: tagRows } = await client.query(
    `select ct.tag_id from content_tags ct join contents c on c.tenant_id = ct.tenant_id and c.id = ct.content_id
     where c.status = 'published' group by 1 order by count(*) desc limit 20`,
  )
  const { rows: slugRows } = await client.query(
    `select slug from contents where status = 'published' limit 1`,
  )
  const published = { status: 'published', limit: 20 }
  const statements = []
  const addList = (key, query, namedTagIds) => {
    const { list, count } = listStatements(tenantId, query, namedTagIds)
    statements.push([`${key} list`, list], [`${key} count`, count])
  }
  addList('list-summary', { ...published, view: 'summary' })
  addList('list-full', { ...published, view: 'full' })
  statements.push(['by-slug', slugStatement(tenantId, slugRows[0].slug)])
  addList('by-tag (most used)', { ...published, tag: tagRows[0].tag_id })
  addList('by-tag (20th)', { ...published, tag: tagRows.at(-1).tag_id })
  const { rows: titled } = await client.query('select title from tags where tenant_id = $1 and id = $2', [
    tenantId,
    tagRows[0].tag_id,
  ])
  const named = tagIdsStatement(tenantId, titled[0].title)
  statements.push(['by-tag-name (ids)', named])
  const namedIds = (await client.query(named)).rows.map((row) => row.id)
  addList('by-tag-name (most used)', { ...published, tagName: titled[0].title }, namedIds)
  addList('search', { ...published, search: SEARCH_WORD })
  const publicKeys = (await client.query(publicKeysStatement(tenantId))).rows.map((row) => row.key)
  statements.push(
    ['public-list', publicListStatements(tenantId, { limit: 20 }, publicKeys).list],
    ['public-list-summary', publicListStatements(tenantId, { limit: 20, view: 'summary' }, publicKeys).list],
    ['public-slug', publicSlugStatement(tenantId, slugRows[0].slug, publicKeys)],
  )

  const summary = []
  for (const [name, statement] of statements) {
    // Unnamed: a named statement's text cannot change on the same connection.
    const { rows } = await client.query({
      text: `explain (analyze, buffers) ${statement.text}`,
      values: statement.values,
    })
    console.log(`\n=== ${name}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`)
    const started = performance.now()
    for (let i = 0; i < repeat; i++) await client.query(statement)
    summary.push([name, (performance.now() - started) / repeat])
  }
  console.log(`\nMean round trip over ${repeat} runs (one connection, includes transfer and parsing in pg):`)
  for (const [name, ms] of summary) console.log(`  ${name.padEnd(24)} ${ms.toFixed(2)} ms`)
} finally {
  await client.end()
}
