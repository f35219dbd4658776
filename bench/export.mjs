// Tenant export and import at scale (`npm run bench:export`): one tenant of BENCH_CONTENTS contents
// (default 10,000, each saved twice: two versions), BENCH_MEDIA small images (1,000 PNGs made here
// with sharp, each with its variants), BENCH_FORMS forms (50) holding BENCH_RESPONSES responses
// (10,000 in all) and BENCH_COLLECTIONS collections (5) holding BENCH_ENTRIES entries (10,000 in
// all), exported and imported by the built server (`npm start`'s node flags and environment, a
// temporary DATA_DIR, the local media driver).
//
// Seeding, two ways: through the HTTP API of a first server, every image (presign, upload,
// register; variants made) and one template of each other kind (a content created and updated, a
// form response submitted, an entry per collection, with their versions, links and values as the
// services write them); then, with that server stopped, bulk SQL through the app's own database
// client (dist/db/client.js) copies each template as often as asked, its JSON with its ids and slug
// replaced, in a few statements.
//
// Measured, each phase in a fresh server process, so that its peak RSS (VmHWM in
// /proc/<pid>/status) is that phase's and its start's: the export (time, archive size, peak RSS),
// the import of its archive as a new tenant (upload and import time, peak RSS when the import ended;
// the variants it queues are made afterwards), and the round trip: the imported tenant exported
// again holds the same rows per table and the same number of media files. RSS is also sampled every
// 100 ms through each phase (the progress lines, and the phase's own peak beside VmHWM). Target:
// VmHWM ≤ 256 MB on PostgreSQL (on the embedded database PGlite's WebAssembly PostgreSQL runs
// inside the server and alone holds about 300 MB).
//
// Environment: DATABASE_URL or BENCH_DATABASE_URL (a postgres:// URL of a database the bench
// creates and drops: a fresh name, or one with "bench" in it, which is dropped first if left over;
// absent: the embedded database), BENCH_CONTENTS, BENCH_MEDIA, BENCH_FORMS, BENCH_RESPONSES,
// BENCH_COLLECTIONS, BENCH_ENTRIES, BENCH_CONCURRENCY (API requests at once while seeding, default
// 4), BENCH_TIMEOUT_S (longest wait for one phase, default 1800).
import { createWriteStream, mkdtempSync, openAsBlob, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import sharp from 'sharp'
import { createDatabase } from '../dist/db/client.js'
import {
  createBenchDatabase,
  dropBenchDatabase,
  freePort,
  json,
  peakRssMB,
  rssMB,
  sampleRss,
  signedInAccount,
  sleep,
  startBuiltFolio,
  waitReady,
} from './lib.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const env = process.env
const config = {
  databaseUrl: env.BENCH_DATABASE_URL || env.DATABASE_URL || 'embedded',
  contents: Number(env.BENCH_CONTENTS || 10_000),
  media: Number(env.BENCH_MEDIA || 1000),
  forms: Number(env.BENCH_FORMS || 50),
  responses: Number(env.BENCH_RESPONSES || 10_000),
  collections: Number(env.BENCH_COLLECTIONS || 5),
  entries: Number(env.BENCH_ENTRIES || 10_000),
  concurrency: Number(env.BENCH_CONCURRENCY || 4),
  targetMB: 256,
  timeoutMs: Number(env.BENCH_TIMEOUT_S || 1800) * 1000,
}
const embedded = config.databaseUrl === 'embedded'

/** Runs `work` on every item, `limit` at a time; returns the results in order. */
async function mapLimit(items, limit, work) {
  const results = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index], index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** JSON calls as the signed-in owner, in the tenant when given. */
function client(base, token, tenantId) {
  return (method, path, body, headers = {}) =>
    json(base + path, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      headers: {
        authorization: `Bearer ${token}`,
        ...(tenantId ? { 'x-tenant-id': tenantId } : {}),
        ...headers,
      },
    })
}

/** A tiny PNG of its own colour for image `index`. */
function pngFor(index) {
  const background = { r: (index * 37) % 256, g: (index * 91) % 256, b: (index * 53) % 256 }
  return sharp({ create: { width: 32, height: 24, channels: 3, background } })
    .png()
    .toBuffer()
}

const PARAGRAPH =
  'Folio keeps every content with its versions, its categories and its tags; an export carries them all. '

/**
 * Where each copy gets text of its own (`FILLER_WORDS` words of 8 hex digits), so that the archive
 * compresses as varied text does rather than as the same row again.
 */
const FILLER = 'bench-filler-text'
const FILLER_WORDS = { content: 150, response: 20, entry: 40 }
const fillerFor = (kind) =>
  `(select string_agg(substr(md5($from::text || ':' || i || ':' || g), 1, 8), ' ') from generate_series(1, ${FILLER_WORDS[kind]}) g)`

/** Phase 1, through the API: the tenant, its images and one template of each other kind. */
async function seedThroughApi(base) {
  const { token, post } = await signedInAccount(base, 'Exporter')
  const { tenant } = await post('/api/tenants', { name: 'Bench export', slug: 'bench-export' }, token)
  const api = client(base, token, tenant.id)
  const { category } = await api('POST', '/api/categories', { name: 'News' })
  const { tag } = await api('POST', '/api/tags', { title: 'Bench' })
  const { content } = await api('POST', '/api/contents', {
    title: 'Bench content',
    slug: 'bench-content-template',
    html: `<p>${PARAGRAPH.repeat(2)}</p><p>${FILLER}</p>`,
    status: 'published',
    categories: [category.id],
    tags: [tag.id],
  })
  // A second save: every content carries two versions.
  await api('PUT', `/api/contents/${content.id}`, { title: 'Bench content, edited' })

  const fields = [
    { id: 'name', type: 'text', label: 'Name', required: true },
    { id: 'email', type: 'email', label: 'E-mail', required: true },
    { id: 'message', type: 'textarea', label: 'Message' },
  ]
  const forms = await mapLimit(
    Array.from({ length: config.forms }, (_, i) => i),
    config.concurrency,
    async (i) => {
      const { form } = await api('POST', '/api/forms', {
        title: `Bench form ${i + 1}`,
        fields,
        settings: { antiSpam: { minFillSeconds: 0 } },
      })
      await api('POST', `/api/forms/${form.id}/publish`)
      return form.id
    },
  )
  const { plaintext } = await api('POST', '/api/api-tokens', { name: 'bench submit', scopes: ['submit'] })
  const { responseId } = await json(`${base}/api/public/forms/${forms[0]}/submit`, {
    method: 'POST',
    body: JSON.stringify({
      data: { name: 'Ada', email: 'ada@example.com', message: `${PARAGRAPH} ${FILLER}` },
    }),
    headers: { 'x-tenant-id': tenant.id, 'x-api-key': plaintext },
  })

  const entries = []
  for (let k = 1; k <= config.collections; k++) {
    await api('POST', '/api/collections', {
      key: `bench${k}`,
      name: { en: `Bench ${k}` },
      fields: [
        { key: 'title', type: 'string', label: { en: 'Title' }, required: true },
        { key: 'body', type: 'text', label: { en: 'Body' } },
        { key: 'rank', type: 'number', label: { en: 'Rank' } },
      ],
      slugField: 'title',
    })
    const { entry } = await api('POST', `/api/collections/bench${k}/entries`, {
      data: { title: 'Bench entry template', body: `${PARAGRAPH} ${FILLER}`, rank: k },
      status: 'published',
    })
    entries.push({ id: entry.id, slug: entry.slug })
  }

  const started = performance.now()
  await mapLimit(
    Array.from({ length: config.media }, (_, i) => i),
    config.concurrency,
    async (i) => {
      const bytes = await pngFor(i)
      const grant = await api('POST', '/api/media/presign', {
        fileName: `image-${i}.png`,
        contentType: 'image/png',
        size: bytes.length,
      })
      const put = await fetch(grant.uploadUrl, {
        method: 'PUT',
        headers: grant.headers,
        body: bytes,
      })
      if (!put.ok) throw new Error(`upload ${i}: ${put.status} ${await put.text()}`)
      await api('POST', '/api/media', { key: grant.key, title: `Image ${i}` })
      if ((i + 1) % 250 === 0) console.log(`  images ${i + 1}/${config.media}`)
    },
  )
  // Variants are made by jobs: wait for them here, or they would run in the export's server.
  for (;;) {
    let pending = 0
    for (let page = 1; ; page++) {
      const { media } = await api('GET', `/api/media?limit=100&page=${page}`)
      pending += media.filter((item) => item.variantsStatus === 'pending').length
      if (media.length < 100) break
    }
    if (pending === 0) break
    console.log(`  variants pending for ${pending} images`)
    await sleep(2000)
  }
  console.log(`  ${config.media} images uploaded with their variants in ${seconds(started)} s`)
  return { token, tenantId: tenant.id, content, forms, responseId, entries }
}

/** `replace(...)` of `text` for each `[from, to]` pair (SQL expressions). */
const replaced = (text, pairs) => pairs.reduce((sql, [from, to]) => `replace(${sql}, ${from}, ${to})`, text)

/**
 * The rows of `table` matching `where` copied `$count` times (`i` = 1..count): each copy the row's
 * JSON with `pairs` replaced, read back into a row of the table by PostgreSQL, as the import does.
 */
function cloneStatement(table, where, pairs) {
  return `insert into ${table}
    select (jsonb_populate_record(null::${table}, ${replaced('to_jsonb(t)::text', pairs)}::jsonb)).*
    from ${table} t cross join generate_series(1, $count::int) i
    where t.tenant_id = $tenant and ${where}`
}

/** Runs `text` with named parameters (`$name`) through the app's database handle. */
async function run(database, text, params) {
  const names = Object.keys(params)
  const numbered = text.replace(/\$([a-z]+)/g, (_, name) => `$${names.indexOf(name) + 1}`)
  return database.execute(numbered, Object.values(params))
}

/** A fresh id for copy `i` of the template `$from` (24 hex digits, as Folio's). */
const newId = (kind) => `substr(md5('${kind}:' || $from::text || ':' || i), 1, 24)`

/** Phase 2, with no server running: copies of the templates by bulk SQL through the app's database. */
async function seedBySql(dataDir, seeded) {
  const database = await createDatabase({
    url: embedded ? undefined : config.databaseUrl,
    dataDir,
  })
  const started = performance.now()
  try {
    const tenant = seeded.tenantId
    const content = seeded.content.id
    const contentPairs = [
      ['$filler::text', fillerFor('content')],
      ['$from::text', newId('content')],
      ['$slug::text', `$slug::text || '-' || i`],
    ]
    const params = {
      tenant,
      from: content,
      slug: 'bench-content-template',
      filler: FILLER,
      count: config.contents - 1,
    }
    await run(database, cloneStatement('contents', 't.id = $from', contentPairs), params)
    // Each version's own id, then the content's.
    const versionId = `substr(md5('version:' || t.id || ':' || i), 1, 24)`
    await run(
      database,
      cloneStatement('content_versions', 't.content_id = $from', [['t.id', versionId], ...contentPairs]),
      params,
    )
    for (const table of ['content_categories', 'content_tags']) {
      await run(database, cloneStatement(table, 't.content_id = $from', contentPairs), params)
    }
    console.log(`  ${config.contents} contents with their versions, categories and tags`)

    // Responses spread over the forms, round robin.
    await run(
      database,
      cloneStatement('form_responses', 't.id = $from', [
        ['$filler::text', fillerFor('response')],
        ['$from::text', newId('response')],
        ['$form::text', '($forms::text[])[1 + i % $formcount::int]'],
      ]),
      {
        tenant,
        from: seeded.responseId,
        filler: FILLER,
        form: seeded.forms[0],
        forms: `{${seeded.forms.join(',')}}`,
        formcount: seeded.forms.length,
        count: config.responses - 1,
      },
    )
    console.log(`  ${config.responses} form responses over ${config.forms} forms`)

    const perCollection = Math.floor(config.entries / config.collections)
    for (const [index, entry] of seeded.entries.entries()) {
      const count =
        (index === 0 ? config.entries - perCollection * (config.collections - 1) : perCollection) - 1
      const entryPairs = [
        ['$filler::text', fillerFor('entry')],
        ['$from::text', newId('entry')],
        ['$slug::text', `$slug::text || '-' || i`],
      ]
      const entryParams = { tenant, from: entry.id, slug: entry.slug, filler: FILLER, count }
      await run(database, cloneStatement('collection_entries', 't.id = $from', entryPairs), entryParams)
      await run(
        database,
        cloneStatement('collection_entry_values', 't.entry_id = $from', entryPairs.slice(0, 2)),
        { tenant, from: entry.id, filler: FILLER, count },
      )
    }
    console.log(`  ${config.entries} entries over ${config.collections} collections`)
    await database.execute('analyze')
  } finally {
    await database.close()
  }
  console.log(`  copied by SQL in ${seconds(started)} s`)
}

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1)

/** A fresh server on the bench's data; returns it once ready, with its RSS then and its peak so far. */
async function serverFor(dataDir, name) {
  const server = startBuiltFolio({
    root,
    port: await freePort(),
    dataDir,
    databaseUrl: config.databaseUrl,
    name,
  })
  await waitReady(server, '/ready', 180_000)
  const ready = { idleMB: rssMB(server.pid), startupPeakMB: peakRssMB(server.pid) }
  console.log(
    `${name} server ready: RSS ${ready.idleMB.toFixed(0)} MB (peak while starting ${ready.startupPeakMB.toFixed(0)} MB)`,
  )
  return { server, ...ready }
}

/**
 * Reads `read()` every second until `done(value)`, printing `describe(value)` with the server's RSS
 * (`memory`: its sampler); returns the last value.
 */
async function follow(server, memory, read, done, describe) {
  const started = performance.now()
  for (;;) {
    const value = await read()
    console.log(
      `  ${seconds(started).padStart(6)} s  RSS ${rssMB(server.pid)?.toFixed(0)} MB (peak ${memory.peak().toFixed(0)})  ${describe(value)}`,
    )
    if (done(value)) return value
    if (performance.now() - started > config.timeoutMs) throw new Error('timed out')
    await sleep(1000)
  }
}

const ended = (status) => status === 'succeeded' || status === 'failed'

/** Starts an export of `tenantId` and follows it to its end; returns its record and wall time. */
async function exportTenant(server, memory, token, tenantId) {
  const api = client(server.url, token)
  const started = performance.now()
  const { export: queued } = await api('POST', `/api/tenants/${tenantId}/exports`, {
    includeResponses: true,
    includeStatistics: true,
  })
  const record = await follow(
    server,
    memory,
    async () => (await api('GET', `/api/tenants/${tenantId}/exports/${queued.id}`)).export,
    (value) => ended(value.status),
    (value) => `${value.status} ${value.progress.done}/${value.progress.total}`,
  )
  if (record.status !== 'succeeded') throw new Error(`export failed: ${record.error}`)
  return { record, seconds: (performance.now() - started) / 1000 }
}

/**
 * The server's memory over a phase: RSS sampled every 100 ms from now, and at `stop()` the sampled
 * peak with VmHWM (the peak of the whole process, its start included).
 */
function phaseMemory(server) {
  const sampler = sampleRss(server.pid, 100)
  return {
    peak: sampler.peak,
    stop: () => ({ sampledPeakMB: sampler.stop().peakMB, processPeakMB: peakRssMB(server.pid) }),
  }
}

/** Phase 3: the export, in a server of its own. */
async function measureExport(dataDir, seeded, archive) {
  const { server, idleMB, startupPeakMB } = await serverFor(dataDir, 'export')
  try {
    const memory = phaseMemory(server)
    const { record, seconds: wall } = await exportTenant(server, memory, seeded.token, seeded.tenantId)
    const peaks = memory.stop()
    const download = await fetch(
      `${server.url}/api/tenants/${seeded.tenantId}/exports/${record.id}/download`,
      { headers: { authorization: `Bearer ${seeded.token}` } },
    )
    if (!download.ok) throw new Error(`download: ${download.status}`)
    await pipeline(Readable.fromWeb(download.body), createWriteStream(archive))
    return { record, wall, idleMB, startupPeakMB, ...peaks }
  } finally {
    await server.stop()
  }
}

/** Phase 4: the import of the archive as a new tenant, then its export again, in a server of its own. */
async function measureImport(dataDir, seeded, archive) {
  const { server, idleMB, startupPeakMB } = await serverFor(dataDir, 'import')
  try {
    const memory = phaseMemory(server)
    const started = performance.now()
    const response = await fetch(`${server.url}/api/tenants/imports?slug=bench-export-copy`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seeded.token}`, 'content-type': 'application/gzip' },
      body: await openAsBlob(archive),
    })
    const answer = await response.json()
    if (response.status !== 202) throw new Error(`import: ${response.status} ${JSON.stringify(answer)}`)
    const uploadSeconds = (performance.now() - started) / 1000
    console.log(`  archive uploaded in ${uploadSeconds.toFixed(1)} s`)
    const api = client(server.url, seeded.token)
    const result = await follow(
      server,
      memory,
      async () => (await api('GET', `/api/tenants/imports/${answer.import.id}`)).import,
      (value) => ended(value.status),
      (value) => `${value.status} ${value.progress.done}/${value.progress.total}`,
    )
    // The peak up to the import's end: the variants it queued are made after it.
    const peaks = memory.stop()
    const wall = (performance.now() - started) / 1000
    if (result.status !== 'succeeded') throw new Error(`import failed: ${result.error}`)
    console.log('export of the imported tenant')
    const againMemory = phaseMemory(server)
    const again = await exportTenant(server, againMemory, seeded.token, result.tenantId)
    againMemory.stop()
    return { result, wall, uploadSeconds, idleMB, startupPeakMB, ...peaks, again: again.record }
  } finally {
    await server.stop()
  }
}

/** The tables (and `members`, `mediaFiles`) whose counts differ between two exports' records. */
function differences(first, second) {
  const keys = new Set([...Object.keys(first), ...Object.keys(second)])
  return [...keys].sort().filter((key) => (first[key] ?? 0) !== (second[key] ?? 0))
}

/** Refuses a database that exists and is not a bench's: the bench drops what it creates. */
async function checkFreshDatabase(url) {
  const parsed = new URL(url)
  const name = decodeURIComponent(parsed.pathname.slice(1))
  parsed.pathname = '/postgres'
  const maintenance = new pg.Client({ connectionString: parsed.toString(), connectionTimeoutMillis: 5000 })
  await maintenance.connect()
  try {
    const { rows } = await maintenance.query('select 1 from pg_database where datname = $1', [name])
    if (rows.length > 0 && !name.includes('bench'))
      throw new Error(`The database "${name}" exists: give the bench a fresh name (it creates and drops it).`)
  } finally {
    await maintenance.end()
  }
}

const work = mkdtempSync(join(tmpdir(), 'folio-bench-export-'))
const dataDir = join(work, 'data')
const archive = join(work, 'archive.tar.gz')
if (!embedded) {
  await checkFreshDatabase(config.databaseUrl)
  await createBenchDatabase(config.databaseUrl)
}
try {
  console.log(
    `seeding (${embedded ? 'embedded PGlite' : 'PostgreSQL'}): ${config.contents} contents, ${config.media} images, ${config.forms} forms with ${config.responses} responses, ${config.collections} collections with ${config.entries} entries`,
  )
  const seedStarted = performance.now()
  const seedServer = await serverFor(dataDir, 'seed')
  let seeded
  try {
    seeded = await seedThroughApi(seedServer.server.url)
  } finally {
    await seedServer.server.stop()
  }
  await seedBySql(dataDir, seeded)
  const seedSeconds = seconds(seedStarted)
  console.log(`seeded in ${seedSeconds} s`)

  const exported = await measureExport(dataDir, seeded, archive)
  const imported = await measureImport(dataDir, seeded, archive)
  const first = exported.record.counts
  const changed = differences(first, imported.again.counts)
  const rows = Object.entries(first)
    .filter(([key]) => key !== 'members' && key !== 'mediaFiles')
    .reduce((sum, [, n]) => sum + n, 0)

  console.log('\nsummary')
  console.log(`  database                 ${embedded ? 'embedded PGlite' : 'PostgreSQL'}`)
  console.log(
    `  tenant                   ${first.contents} contents, ${first.content_versions} versions, ${first.mediaFiles} media files, ${first.forms} forms, ${first.form_responses} responses, ${first.collections} collections, ${first.collection_entries} entries; ${rows} rows in ${Object.keys(first).length - 2} tables`,
  )
  console.log(`  seeding                  ${seedSeconds} s (API: images and templates; SQL: copies)`)
  const memoryLine = (phase) =>
    `peak RSS ${phase.sampledPeakMB.toFixed(0)} MB sampled, ${phase.processPeakMB.toFixed(0)} MB VmHWM (ready at ${phase.idleMB.toFixed(0)} MB, ${phase.startupPeakMB.toFixed(0)} MB peak while starting)`
  console.log(
    `  export                   ${exported.wall.toFixed(1)} s, archive ${(exported.record.sizeBytes / 1048576).toFixed(1)} MB; ${memoryLine(exported)}`,
  )
  console.log(
    `  import                   ${imported.wall.toFixed(1)} s (upload ${imported.uploadSeconds.toFixed(1)} s); ${memoryLine(imported)}`,
  )
  console.log(
    `  round trip               ${changed.length === 0 ? 'same rows per table and media files' : `DIFFERENT: ${changed.map((key) => `${key} ${first[key] ?? 0} → ${imported.again.counts[key] ?? 0}`).join(', ')}`}`,
  )
  const peakMB = Math.max(exported.processPeakMB, imported.processPeakMB)
  const met = changed.length === 0 && (embedded || peakMB <= config.targetMB)
  console.log(
    `  target ${met ? 'met' : 'MISSED'} (round trip equal${embedded ? '; peak RSS ≤ 256 MB applies on PostgreSQL' : `, peak RSS ≤ ${config.targetMB} MB`})`,
  )
  process.exitCode = met ? 0 : 1
} finally {
  rmSync(work, { recursive: true, force: true })
  if (!embedded) await dropBenchDatabase(config.databaseUrl)
}
