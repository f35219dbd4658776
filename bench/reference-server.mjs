// Reference server for the bench: the least a Node server can do to answer Folio's content reads.
// Bare Fastify + a `pg` Pool (same size as Folio's) running the SAME SQL as Folio (reference-sql.mjs;
// list page and count in parallel, as Folio's service does), for one fixed tenant: no auth, no quota,
// no ORM, no validation, no response schema (Fastify's JSON.stringify). Folio's throughput relative
// to this server is the cost of everything Folio adds on top of its SQL.
// Env: DATABASE_URL, TENANT_ID, POOL_SIZE (default 10), PORT, HOST (default 127.0.0.1).
import Fastify from 'fastify'
import pg from 'pg'
import { listStatements, slugStatement } from './reference-sql.mjs'

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.POOL_SIZE || 10),
})
const tenantId = process.env.TENANT_ID

const app = Fastify({ logger: false, routerOptions: { maxParamLength: 300 } })

app.get('/ready', async () => {
  await pool.query('select 1')
  return { status: 'ready' }
})

app.get('/api/contents', async (request) => {
  const { page, limit, list, count } = listStatements(tenantId, request.query)
  const [rows, counted] = await Promise.all([pool.query(list), pool.query(count)])
  const total = counted.rows[0]?.total ?? 0
  return {
    contents: rows.rows,
    pagination: { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) },
  }
})

app.get('/api/contents/slug/:slug', async (request, reply) => {
  const { rows } = await pool.query(slugStatement(tenantId, request.params.slug))
  if (rows.length === 0) return reply.code(404).send({ error: 'NotFound', message: 'Content not found.' })
  return { content: rows[0] }
})

const shutdown = async () => {
  await app.close()
  await pool.end()
  process.exit(0)
}
process.once('SIGTERM', shutdown)
process.once('SIGINT', shutdown)

await app.listen({ port: Number(process.env.PORT || 3001), host: process.env.HOST || '127.0.0.1' })
