import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { newId } from '../src/lib/ids.js'
import { AUTHORS, createCollection, createEntry } from './collection-fixtures.js'
import { createForm } from './form-fixtures.js'
import { type Schema, validValue } from './fuzz/schema-arbitrary.js'
import { call, type SeededMember, seedApiToken, seedMember, seedTenant, useTestContext } from './helpers.js'
import { menuFixtures } from './menu-fixtures.js'
import { documentedOperations } from './route-table.js'

/**
 * The cross-tenant matrix generated from the route table (docs/decisions/tenancy.md "Another
 * tenant's record is a missing record"): every tenant-scoped admin route of `/api/docs/json` that
 * names a record in its path is called by tenant A's owner (session and API token) with tenant B's
 * ids, and a body valid for its schema that names B's ids too. Every answer is 404, and B's rows in
 * every table with a `tenant_id` are the same afterwards. A new route whose path parameter has no
 * entry in `RECORD_OF` fails the test until it gets one.
 */
const ctx = useTestContext()
const SEED = 20_261_125
/** Generated bodies tried per route (after `{}`) until one passes the rules checked before the lookup. */
const BODIES = 6
/** A first body for routes whose generated bodies rarely pass the rules checked before the lookup. */
const BODY_HINTS: Record<string, unknown> = {
  'PUT /api/collections/{key}': { name: { en: 'Hijacked' } },
  'POST /api/menus/{id}/items': { title: 'Hijacked', type: 'external', url: 'https://a.example/' },
  'PUT /api/placements/{id}': { name: 'Hijacked' },
  'PUT /api/users/{id}/role': { role: 'viewer' },
}

/** Where B's record for a path parameter comes from: `<segment before it>/{<name>}` → table and column. */
const RECORD_OF: Record<string, { table: string; column?: string }> = {
  'api-tokens/{id}': { table: 'api_tokens' },
  'categories/{id}': { table: 'categories' },
  'collections/{key}': { table: 'collections', column: 'key' },
  'entries/{id}': { table: 'collection_entries' },
  'slug/{slug}': { table: 'contents', column: 'slug' },
  'contents/{id}': { table: 'contents' },
  'versions/{versionId}': { table: 'content_versions' },
  'custom-field-definitions/{id}': { table: 'custom_field_definitions' },
  'forms/{id}': { table: 'forms' },
  'responses/{responseId}': { table: 'form_responses' },
  'restore/{version}': { table: 'form_versions', column: 'version' },
  'galleries/{id}': { table: 'galleries' },
  'imports/{id}': { table: 'imports' },
  'media/{id}': { table: 'media' },
  'menus/{id}': { table: 'menus' },
  'items/{itemId}': { table: 'menu_items' },
  'placements/{id}': { table: 'placements' },
  'experiences/{experienceId}': { table: 'placement_experiences' },
  'roles/{id}': { table: 'roles' },
  'tags/{id}': { table: 'tags' },
  'users/{id}': { table: 'memberships', column: 'user_id' },
  'deliveries/{id}': { table: 'webhook_deliveries' },
  // Presence names the kind of record, then one of B's records of that kind.
  'presence/{resource}': { table: 'contents', column: "'content'" },
  '{resource}/{id}': { table: 'contents' },
}

interface Operation {
  method: string
  path: string
  apiToken: boolean
  body: Schema | undefined
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

let a: SeededMember
let b: SeededMember
let aToken: string
const operations: Operation[] = []

/** One record of each kind in tenant B, made through the API as a user would. */
async function seedRecords(owner: SeededMember) {
  const post = async (url: string, body: unknown, key: string) => {
    const response = await call(ctx.app, 'POST', url, { token: owner.token, body })
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300)
    return response.data[key]
  }
  const category = await post('/api/categories', { name: 'B news' }, 'category')
  const tag = await post('/api/tags', { title: 'B tag' }, 'tag')
  const media = await post('/api/media/external', { url: 'https://b.example/a.jpg' }, 'media')
  const content = await post(
    '/api/contents',
    { title: 'B secret', categories: [category.id], tags: [tag.id], status: 'published' },
    'content',
  )
  await call(ctx.app, 'PUT', `/api/contents/${content.id}`, { token: owner.token, body: { title: 'B v2' } })
  await post('/api/api-tokens', { name: 'B site' }, 'token')
  await post('/api/galleries', { title: 'B gallery', items: [{ mediaId: media.id }] }, 'gallery')
  await post(
    '/api/custom-field-definitions',
    { key: 'b_field', label: 'B field', type: 'text' },
    'definition',
  )
  await post(
    '/api/roles',
    { key: 'b-role', name: 'B role', level: 20, permissions: ['content:view'] },
    'role',
  )
  await post(
    '/api/placements',
    { slug: 'b-hero', name: 'B hero', experiences: [{ name: 'B', contentType: 'text' }] },
    'placement',
  )
  const form = await createForm(ctx.app, owner.token, { settings: { antiSpam: { minFillSeconds: 0 } } })
  const writeToken = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['write'] })
  const submitted = await call(ctx.app, 'POST', `/api/public/forms/${form.id}/submit`, {
    headers: { 'x-tenant-id': owner.tenantId, 'x-api-key': writeToken },
    body: {
      data: { name: 'B visitor', email: 'visitor@b.example', topic: 'sales', age: 30, code: 'ABC-12' },
    },
  })
  expect(submitted.statusCode, submitted.body).toBeLessThan(300)
  const menus = menuFixtures(ctx)
  const menu = await menus.createMenu(owner.token, { name: 'B menu', location: 'header' })
  await menus.addItem(owner.token, menu.id, { title: 'B item', type: 'external', url: 'https://b.example/' })
  await createCollection(ctx, owner.token, { ...AUTHORS, key: 'b-secrets' })
  await createEntry(ctx, owner.token, 'b-secrets', { data: { name: 'B entry' } })
  await seedMember(ctx.db, owner.tenantId, 'editor')
}

/** B's value for a path parameter, from the table `RECORD_OF` names. */
async function recordOf(key: string): Promise<string> {
  const record = RECORD_OF[key]
  if (record === undefined) throw new Error(`No RECORD_OF entry for ${key}: add where B's record comes from.`)
  const column = record.column ?? 'id'
  const result = await ctx.db.execute(
    sql.raw(
      `select ${column}::text as value from ${record.table} where tenant_id = '${b.tenantId}' ` +
        `${record.table === 'memberships' ? "and role <> 'owner'" : ''} order by 1 limit 1`,
    ),
  )
  const value = rowsOf<{ value: string }>(result)[0]?.value
  // Records B has none of (an import, a webhook delivery) are probed with an unknown id instead.
  return value ?? newId()
}

/**
 * A digest of B's rows in every table with a `tenant_id` column (the meter's counts folded first,
 * and the outbox relayed: B's seeded events get their activities and dispatch marks on its own time).
 */
async function digestOfB(): Promise<Record<string, string>> {
  await ctx.app.folio.platform.meter?.flush()
  await ctx.app.folio.platform.relay.wake()
  const tables = rowsOf<{ table_name: string }>(
    await ctx.db.execute(
      sql`select table_name from information_schema.columns where column_name = 'tenant_id'
          and table_schema = current_schema() order by table_name`,
    ),
  ).map((row) => row.table_name)
  const digest: Record<string, string> = {}
  for (const table of tables) {
    const result = await ctx.db.execute(
      sql.raw(
        `select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as d ` +
          `from "${table}" t where tenant_id = '${b.tenantId}'`,
      ),
    )
    digest[table] = rowsOf<{ d: string }>(result)[0]!.d
  }
  return digest
}

/** A value of the same form as B's `value` that names no record: an unknown id, number or key. */
function missingLike(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  return /^[a-f0-9]{24}$/.test(value) ? newId() : /^\d+$/.test(value) ? '9999' : 'missing-7'
}

/** `path` with each `{param}` replaced by `lookup('<segment before it>/{param}')`. */
function urlOf(path: string, lookup: (key: string) => string | undefined): string {
  const segments = path.split('/')
  return segments
    .map((segment, index) => {
      if (!segment.startsWith('{')) return segment
      const key = `${segments[index - 1]}/${segment}`
      const value = lookup(key)
      if (value === undefined) throw new Error(`No RECORD_OF entry for ${key} (${path})`)
      return encodeURIComponent(value)
    })
    .join('/')
}

beforeAll(async () => {
  ;[a, b] = await Promise.all([seedTenant(ctx.db), seedTenant(ctx.db)])
  aToken = await seedApiToken(ctx.db, a.tenantId, {
    role: 'owner',
    // preview: POST /api/contents/{id}/preview-token needs it.
    scopes: ['read', 'write', 'delete', 'preview'],
  })
  await seedRecords(b)
  for (const { method, path, operation } of await documentedOperations(ctx.app)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/public/') || !path.includes('{')) continue
    const parameters: { in: string; name: string }[] = operation.parameters ?? []
    if (!parameters.some((p) => p.in === 'query' && p.name === 'tenantId')) continue
    operations.push({
      method,
      path,
      apiToken: (operation.security ?? []).some((s: object) => 'apiToken' in s),
      body: operation.requestBody?.content?.['application/json']?.schema,
    })
  }
}, 120_000)

describe('the cross-tenant matrix of every tenant-scoped route', () => {
  it('covers the routes that name a record', () => {
    expect(operations.length).toBeGreaterThanOrEqual(70)
  })

  it("answers 404 to tenant A for each of B's records, and leaves B's rows as they were", async () => {
    const before = await digestOfB()
    const bValues = new Map<string, string>()
    for (const key of Object.keys(RECORD_OF)) bValues.set(key, await recordOf(key))
    const ids = fc.constantFrom(...[...bValues.values()].filter((value) => /^[a-f0-9]{24}$/.test(value)))
    const unexpected: string[] = []
    for (const operation of operations) {
      const cross = urlOf(operation.path, (key) => bValues.get(key))
      const missing = urlOf(operation.path, (key) => missingLike(bValues.get(key)))
      // A body the schema accepts may still be refused by a rule checked before the lookup; then the
      // answer must be the one a missing record gets, and another body is tried until one reaches it.
      const bodies =
        operation.body === undefined
          ? [undefined]
          : [
              ...(`${operation.method} ${operation.path}` in BODY_HINTS
                ? [BODY_HINTS[`${operation.method} ${operation.path}`]]
                : []),
              {},
              ...fc.sample(validValue(operation.body, ids), { seed: SEED, numRuns: BODIES }),
            ]
      for (const token of operation.apiToken ? [a.token, aToken] : [a.token]) {
        const who = `${operation.method} ${operation.path} (${token === aToken ? 'API token' : 'session'})`
        let reached = false
        for (const body of bodies) {
          const send = (url: string) =>
            call(ctx.app, operation.method as never, `${url}?tenantId=${a.tenantId}`, {
              token,
              ...(body === undefined ? {} : { body }),
            })
          const [onB, onMissing] = [await send(cross), await send(missing)]
          if (onB.statusCode !== onMissing.statusCode || onB.data?.error !== onMissing.data?.error) {
            unexpected.push(
              `${who} → ${onB.statusCode} ${onB.body.slice(0, 160)}, missing → ${onMissing.statusCode}`,
            )
            break
          }
          if (onB.statusCode === 404 && onB.data?.error === 'NotFound') {
            reached = true
            break
          }
        }
        if (!reached && !unexpected.some((line) => line.startsWith(who))) {
          unexpected.push(`${who}: no body reached the record lookup`)
        }
      }
    }
    expect(unexpected).toEqual([])
    expect(await digestOfB()).toEqual(before)
  }, 240_000)
})
