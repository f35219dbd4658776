// Reference server for the bench: the least a Node server can do to answer Folio's content reads,
// token-authenticated (`/api/contents…`) and public (`/api/public/contents…`, the delivery cache off).
// Bare Fastify + a `pg` Pool (same size as Folio's) running the SAME SQL as Folio (reference-sql.mjs:
// named statements, PostgreSQL rendering the JSON, list page and count in parallel) with the SAME
// caching as Folio (list totals and tagName → tag ids per filter, the public custom field keys per
// tenant, kept 10 s), for one fixed tenant: no auth, no tenant header, no validation, no ORM, no
// hooks; the JSON text from PostgreSQL is sent as it is. Folio's throughput relative to this server
// is the cost of everything Folio adds on top of its SQL.
// Env: DATABASE_URL, TENANT_ID, POOL_SIZE (default 10), PORT, HOST (default 127.0.0.1).
import Fastify from 'fastify'
import pg from 'pg'
import {
  listStatements,
  publicKeysStatement,
  publicListStatements,
  publicSlugStatement,
  slugStatement,
  tagIdsStatement,
} from './reference-sql.mjs'

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE || 10),
})
const tenantId = process.env.TENANT_ID
const JSON_TYPE = 'application/json; charset=utf-8'
// Folio's list totals, taxonomy ids and custom field definitions caches (list-totals.ts,
// taxonomy-ids.ts, definitions-cache.ts)
const TTL_MS = 10_000

/** A map whose entries expire `TTL_MS` after they were set (the bench never writes, so no invalidation). */
function expiringCache() {
  const entries = new Map()
  return async (key, load) => {
    const hit = entries.get(key)
    if (hit !== undefined && hit.until > Date.now()) return hit.value
    const value = await load()
    entries.set(key, { value, until: Date.now() + TTL_MS })
    return value
  }
}
const totals = expiringCache()
const tagIdsNamed = expiringCache()
const definitions = expiringCache()
const publicKeysOf = () =>
  definitions(tenantId, async () =>
    (await pool.query(publicKeysStatement(tenantId))).rows.map((row) => row.key),
  )

const app = Fastify({ logger: false, routerOptions: { maxParamLength: 300 } })

app.get('/ready', async () => {
  await pool.query('select 1')
  return { status: 'ready' }
})

app.get('/api/contents', async (request, reply) => {
  const query = request.query
  const named =
    query.tagName === undefined
      ? undefined
      : await tagIdsNamed(query.tagName, async () =>
          (await pool.query(tagIdsStatement(tenantId, query.tagName))).rows.map((row) => row.id),
        )
  const page = Number(query.page ?? 1)
  const limit = Number(query.limit ?? 20)
  let items = '[]'
  let total = 0
  if (named === undefined || named.length > 0) {
    const statements = listStatements(tenantId, query, named)
    const [rows, counted] = await Promise.all([
      pool.query(statements.list),
      totals(statements.countKey, async () => (await pool.query(statements.count)).rows[0]?.total ?? 0),
    ])
    items = rows.rows[0]?.json ?? '[]'
    total = counted
  }
  const pagination = { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) }
  return reply.type(JSON_TYPE).send(`{"contents":${items},"pagination":${JSON.stringify(pagination)}}`)
})

app.get('/api/contents/slug/:slug', async (request, reply) => {
  const { rows } = await pool.query(slugStatement(tenantId, request.params.slug))
  if (rows.length === 0) return reply.code(404).send({ error: 'NotFound', message: 'Content not found.' })
  return reply.type(JSON_TYPE).send(`{"content":${rows[0].json}}`)
})

app.get('/api/public/contents', async (request, reply) => {
  const statements = publicListStatements(tenantId, request.query, await publicKeysOf())
  const [rows, total] = await Promise.all([
    pool.query(statements.list),
    totals(statements.countKey, async () => (await pool.query(statements.count)).rows[0]?.total ?? 0),
  ])
  const { page, limit } = statements
  const pagination = { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) }
  return reply
    .type(JSON_TYPE)
    .send(`{"contents":${rows.rows[0]?.json ?? '[]'},"pagination":${JSON.stringify(pagination)}}`)
})

app.get('/api/public/contents/slug/:slug', async (request, reply) => {
  const { rows } = await pool.query(publicSlugStatement(tenantId, request.params.slug, await publicKeysOf()))
  if (rows.length === 0) return reply.code(404).send({ error: 'NotFound', message: 'Content not found.' })
  return reply.type(JSON_TYPE).send(`{"content":${rows[0].json}}`)
})

const shutdown = async () => {
  await app.close()
  await pool.end()
  process.exit(0)
}
process.once('SIGTERM', shutdown)
process.once('SIGINT', shutdown)

await app.listen({ port: Number(process.env.PORT || 3001), host: process.env.HOST || '127.0.0.1' })
