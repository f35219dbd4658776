import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshIp, login } from '../../test/auth-fixtures.js'
import { entryPointArgs } from '../../test/entry-points.js'
import { createForm } from '../../test/form-fixtures.js'
import { call, seedUser } from '../../test/helpers.js'
import { pathOf, pngBytes, uploadMedia, waitForVariants } from '../../test/media-fixtures.js'
import { adminQuery, databaseUrl } from '../../test/template.js'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { createDatabase, type Database } from '../db/client.js'
import { acquireDataDirLock } from '../db/data-dir-lock.js'
import { runMigrations } from '../db/migrate.js'
import { createMailer } from '../mail/mailer.js'
import { createSharedStore } from '../store/shared-store.js'

const run = promisify(execFile)
const CLI = fileURLToPath(new URL('./migrate-instance.ts', import.meta.url))
const POSTGRES = process.env.TEST_DATABASE_URL
const PASSWORD = 'a long and memorable passphrase'

/**
 * Runs the command as `npm run migrate-instance` would, in an environment of its own (none of the
 * test run's database or secret variables).
 */
async function cli(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [...entryPointArgs(CLI), ...args], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        APP_SECRET: '',
        MEDIA_DRIVER: '',
        LOG_LEVEL: 'silent',
        ...env,
      },
    })
    return { code: 0, stdout, stderr }
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** An instance as a server runs it: its own database (embedded in `dataDir`, or PostgreSQL at `url`). */
interface Instance {
  app: FastifyInstance
  database: Database
  close(): Promise<void>
}

async function startInstance(dataDir: string, env: Record<string, string> = {}): Promise<Instance> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_THROTTLES: 'off', ...env })
  const database = await createDatabase({ url: config.databaseUrl, dataDir, poolSize: 4 })
  await runMigrations(database)
  const store = await createSharedStore({})
  const app = await buildApp({
    config,
    database,
    store,
    mailer: createMailer({ from: config.mailFrom, dataDir }),
    logger: false,
    jobsPollingIntervalSeconds: 0.5,
  })
  await app.ready()
  return {
    app,
    database,
    async close() {
      await app.close()
      await store.close()
      await database.close()
    },
  }
}

/** Rows per table of Folio's schema and of the job queue's, read from the catalog. */
async function counts(database: Database): Promise<Record<string, number>> {
  const { rows: tables } = await database.execute(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'pgboss') and c.relkind in ('r', 'p') and not c.relispartition
        and c.relname <> 'version' order by 1, 2`,
  )
  const result: Record<string, number> = {}
  for (const { schema, name } of tables as { schema: string; name: string }[]) {
    const { rows } = await database.execute(`select count(*)::int as n from "${schema}"."${name}"`)
    result[`${schema}.${name}`] = (rows[0] as { n: number }).n
  }
  return result
}

/** The queued jobs that wait for a time to come (the scheduled publication among them). */
async function waitingJobs(database: Database): Promise<string[]> {
  const result = await database.db.execute(
    sql`select name, data::text as data from pgboss.job where state = 'created' and start_after > now() + interval '1 hour' order by name, data::text`,
  )
  return (result as unknown as { rows: { name: string; data: string }[] }).rows.map(
    (row) => `${row.name} ${row.data}`,
  )
}

interface Seeded {
  email: string
  tenants: [string, string]
  slug: string
  mediaPath: string
  png: Buffer
}

/** Accounts, two tenants, contents (one published, one scheduled), an image and a form response, through the API. */
async function seed(app: FastifyInstance): Promise<Seeded> {
  const email = `mover-${randomBytes(4).toString('hex')}@example.test`
  const registered = await call(app, 'POST', '/api/auth/register', {
    body: { email, password: PASSWORD, firstName: 'Ada', lastName: 'Mover' },
    remoteAddress: freshIp(),
  })
  expect(registered.statusCode, registered.body).toBe(201)
  const signedIn = await login(app, { email, password: PASSWORD })
  expect(signedIn.statusCode, signedIn.body).toBe(200)
  const token: string = signedIn.data.token
  const tenants: string[] = []
  for (const name of ['Moving Site', 'Second Site']) {
    const created = await call(app, 'POST', '/api/tenants', { token, body: { name } })
    expect(created.statusCode, created.body).toBe(201)
    tenants.push(created.data.tenant.id)
  }
  const [first, second] = tenants as [string, string]
  const as = (tenantId: string) => ({ 'x-tenant-id': tenantId })
  const png = await pngBytes(40, 30)
  const tokenOf = async (tenantId: string) => {
    const created = await call(app, 'POST', '/api/api-tokens', {
      token,
      headers: as(tenantId),
      body: { name: 'site', role: 'editor', scopes: ['read', 'write'] },
    })
    expect(created.statusCode, created.body).toBe(201)
    return created.data.plaintext as string
  }
  const apiToken = await tokenOf(first)
  const image = await uploadMedia(app, apiToken, png, 'image/png')
  await waitForVariants(app, apiToken, image.id)
  const contents = [
    { title: 'Hello from the embedded days', status: 'published', featuredMediaId: image.id },
    {
      title: 'Coming later',
      status: 'scheduled',
      publishAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    },
  ]
  let slug = ''
  for (const body of contents) {
    const created = await call(app, 'POST', '/api/contents', { token: apiToken, body })
    expect(created.statusCode, created.body).toBe(200)
    if (body.status === 'published') slug = created.data.content.slug
  }
  const otherToken = await tokenOf(second)
  const other = await call(app, 'POST', '/api/contents', {
    token: otherToken,
    body: { title: 'The other tenant', status: 'published' },
  })
  expect(other.statusCode, other.body).toBe(200)
  // An entry saved before its collection gained a required field it lacks: the database's trigger
  // would refuse it as a new write, and the move must bring it all the same.
  const title = { key: 'title', type: 'string', label: { en: 'Title' } }
  const collection = await call(app, 'POST', '/api/collections', {
    token: apiToken,
    body: { key: 'notes', name: { en: 'Notes' }, fields: [title] },
  })
  expect(collection.statusCode, collection.body).toBe(200)
  const entry = await call(app, 'POST', '/api/collections/notes/entries', {
    token: apiToken,
    body: { data: { title: 'Written early' } },
  })
  expect(entry.statusCode, entry.body).toBe(200)
  const required = await call(app, 'PUT', '/api/collections/notes', {
    token: apiToken,
    body: { fields: [title, { key: 'summary', type: 'string', label: { en: 'Summary' }, required: true }] },
  })
  expect(required.statusCode, required.body).toBe(200)
  const form = await createForm(app, apiToken, { settings: { antiSpam: { minFillSeconds: 0 } } })
  const submitted = await call(app, 'POST', `/api/public/forms/${form.id}/submit`, {
    headers: { ...as(first), 'x-api-key': apiToken },
    body: { data: { name: 'Grace', email: 'grace@example.com' } },
  })
  expect(submitted.statusCode, submitted.body).toBe(201)
  return { email, tenants: [first, second], slug, mediaPath: pathOf(image.url), png }
}

/** What readers see: each tenant's content list, the published content by slug, the image's bytes. */
async function publicAnswers(app: FastifyInstance, seeded: Seeded) {
  const read = async (tenantId: string, path: string) => {
    const response = await call(app, 'GET', `/api/public/contents${path}`, {
      headers: { 'x-tenant-id': tenantId },
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.data
  }
  const file = await app.inject({ method: 'GET', url: seeded.mediaPath })
  return {
    lists: [await read(seeded.tenants[0], ''), await read(seeded.tenants[1], '')],
    bySlug: await read(seeded.tenants[0], `/slug/${seeded.slug}`),
    media: { status: file.statusCode, bytes: file.rawPayload.toString('base64') },
  }
}

const root = mkdtempSync(join(tmpdir(), 'folio-move-'))
const sourceDir = join(root, 'source')
let seeded: Seeded
let before: Awaited<ReturnType<typeof publicAnswers>>
let sourceCounts: Record<string, number>
let sourceJobs: string[]

beforeAll(async () => {
  const source = await startInstance(sourceDir)
  try {
    seeded = await seed(source.app)
    before = await publicAnswers(source.app, seeded)
  } finally {
    await source.close()
  }
  // Read with no server running: what the move must carry.
  const database = await createDatabase({ dataDir: sourceDir })
  try {
    sourceCounts = await counts(database)
    sourceJobs = await waitingJobs(database)
  } finally {
    await database.close()
  }
}, 240_000)
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('npm run migrate-instance', () => {
  it('seeds an instance whose public answers the comparisons below can tell apart', () => {
    expect(before.lists[0].contents.map((content: { title: string }) => content.title)).toEqual([
      'Hello from the embedded days',
    ])
    expect(before.lists[1].contents.map((content: { title: string }) => content.title)).toEqual([
      'The other tenant',
    ])
    expect(before.bySlug.content.title).toBe('Hello from the embedded days')
    expect(before.media).toEqual({ status: 200, bytes: seeded.png.toString('base64') })
    expect(sourceCounts['public.users']).toBe(1)
    expect(sourceCounts['public.tenants']).toBe(2)
    expect(sourceCounts['public.contents']).toBe(3)
    expect(sourceCounts['public.form_responses']).toBe(1)
    expect(sourceCounts['public.collection_entries']).toBe(1)
    expect(sourceJobs).toHaveLength(1)
  })

  it('refuses, in one line and writing nothing, while a server holds the source DATA_DIR', async () => {
    const lock = await acquireDataDirLock(sourceDir, { hint: 'Stop it.', onCompromised: () => {} })
    const target = join(root, 'while-locked')
    try {
      const refused = await cli({}, '--from', sourceDir, '--to', target)
      expect(refused.code).toBe(1)
      expect(refused.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(
            `^migrate-instance: The data directory ${sourceDir} is in use by another Folio process \\(pid ${process.pid}`,
          ),
        ),
      ])
      expect(existsSync(target)).toBe(false)
    } finally {
      await lock.release()
    }
  }, 60_000)

  it('refuses a target that holds a record, and one of another schema version, leaving both as they were', async () => {
    const target = join(root, 'in-use')
    const database = await createDatabase({ dataDir: target })
    try {
      await runMigrations(database)
      await seedUser(database.db)
    } finally {
      await database.close()
    }
    const refused = await cli({}, '--from', sourceDir, '--to', target)
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim()).toBe(
      'migrate-instance: The target is not empty (sessions holds 1 row): move into a new database or DATA_DIR.',
    )
    const after = await createDatabase({ dataDir: target })
    try {
      expect((await counts(after))['public.users']).toBe(1)
      expect((await counts(after))['public.tenants']).toBe(0)
      // A source that misses this Folio's last migration is refused before anything is copied.
      await after.execute(
        'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)',
      )
    } finally {
      await after.close()
    }
    const older = await cli(
      { APP_SECRET: 'a-secret-of-the-older-instance-0123456789' },
      '--from',
      target,
      '--to',
      join(root, 'from-older'),
    )
    expect(older.code).toBe(1)
    expect(older.stderr.trim()).toMatch(
      /^migrate-instance: The source has (\d+) of this Folio's (\d+) migrations: start a server of this version on it once/,
    )
    const [, have, want] = /has (\d+) of this Folio's (\d+)/.exec(older.stderr) ?? []
    expect(Number(have)).toBe(Number(want) - 1)
  }, 240_000)

  it('moves it into a new DATA_DIR a row at a time, where it answers as before (the embedded database alone)', async () => {
    const copyDir = join(root, 'copy')
    const moved = await cli({}, '--from', sourceDir, '--to', copyDir, '--page-rows', '1')
    expect(moved.code, moved.stderr).toBe(0)
    expect(moved.stdout).toMatch(
      /^verified: every table holds as many rows in the target as in the source\.$/m,
    )
    expect(moved.stdout).toMatch(/^media: \d+ files, .* to /m)
    expect(readFileSync(join(copyDir, 'secret'), 'utf8')).toBe(
      readFileSync(join(sourceDir, 'secret'), 'utf8'),
    )
    const copy = await createDatabase({ dataDir: copyDir })
    try {
      expect(await counts(copy)).toEqual(sourceCounts)
      expect(await waitingJobs(copy)).toEqual(sourceJobs)
    } finally {
      await copy.close()
    }
    const instance = await startInstance(copyDir)
    try {
      expect(await publicAnswers(instance.app, seeded)).toEqual(before)
      expect((await login(instance.app, { email: seeded.email, password: PASSWORD })).statusCode).toBe(200)
    } finally {
      await instance.close()
    }
  }, 300_000)

  it('refuses to leave the media files behind when the target is PostgreSQL', async () => {
    const refused = await cli({}, '--from', sourceDir, '--to', 'postgres://root@127.0.0.1:1/unused')
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim()).toBe(
      `migrate-instance: The instance keeps media files in ${join(sourceDir, 'media')}: give --media-to <new DATA_DIR>/media, the folder the new server will read them from.`,
    )
  }, 60_000)
})

describe.skipIf(POSTGRES === undefined)('npm run migrate-instance to PostgreSQL and back', () => {
  const name = `folio_move_${randomBytes(5).toString('hex')}`
  const url = POSTGRES === undefined ? '' : databaseUrl(POSTGRES, name)
  const serverDir = join(root, 'server')
  const backDir = join(root, 'back')
  let secret: string

  beforeAll(async () => {
    await adminQuery(POSTGRES as string, `CREATE DATABASE "${name}"`)
    secret = readFileSync(join(sourceDir, 'secret'), 'utf8').trim()
  })
  afterAll(async () => {
    await adminQuery(POSTGRES as string, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  })

  it('moves every row, job and file to a new PostgreSQL database, where the instance answers as before', async () => {
    const moved = await cli(
      {},
      '--from',
      sourceDir,
      '--to',
      url,
      '--media-to',
      join(serverDir, 'media'),
      '--page-rows',
      '2',
    )
    expect(moved.code, moved.stderr).toBe(0)
    expect(moved.stdout).toMatch(
      /^verified: every table holds as many rows in the target as in the source\.$/m,
    )
    expect(moved.stdout).toMatch(/^contents\s+3$/m)
    expect(moved.stdout).toMatch(/^pgboss\.job\s+\d+$/m)
    expect(moved.stdout).toContain(`Set its APP_SECRET to the contents of ${join(sourceDir, 'secret')}`)
    expect(moved.stdout).toContain(`Set its DATA_DIR=${serverDir}`)
    expect(moved.stdout).not.toContain(secret)
    expect(moved.stderr).toMatch(/^migrate-instance: users: 1 rows$/m)
    expect(readdirSync(join(serverDir, 'media'), { recursive: true }).length).toBeGreaterThan(1)

    const target = await createDatabase({ url, dataDir: serverDir })
    try {
      expect(await counts(target)).toEqual(sourceCounts)
      expect(await waitingJobs(target)).toEqual(sourceJobs)
    } finally {
      await target.close()
    }

    const twice = await cli({}, '--from', sourceDir, '--to', url, '--media-to', join(root, 'other', 'media'))
    expect(twice.code).toBe(1)
    expect(twice.stderr.trim()).toMatch(
      /^migrate-instance: The target is not empty \(\w+ holds \d+ rows?\): move into a new database or DATA_DIR\.$/,
    )
    expect(existsSync(join(root, 'other', 'media'))).toBe(false)

    const server = await startInstance(serverDir, { DATABASE_URL: url, APP_SECRET: secret })
    try {
      expect(await publicAnswers(server.app, seeded)).toEqual(before)
      const signedIn = await login(server.app, { email: seeded.email, password: PASSWORD })
      expect(signedIn.statusCode, signedIn.body).toBe(200)
      expect(signedIn.data.memberships).toHaveLength(2)
    } finally {
      await server.close()
    }
  }, 300_000)

  it('moves it back from PostgreSQL into a new DATA_DIR, secret included, where it answers as before', async () => {
    const onServer = await createDatabase({ url, dataDir: serverDir })
    let serverCounts: Record<string, number>
    try {
      serverCounts = await counts(onServer)
    } finally {
      await onServer.close()
    }
    const withoutSecret = await cli({ DATA_DIR: serverDir }, '--from', url, '--to', backDir)
    expect(withoutSecret.code).toBe(1)
    expect(withoutSecret.stderr.trim()).toBe(
      "migrate-instance: Set APP_SECRET to the instance's secret (the servers' APP_SECRET): the new DATA_DIR keeps it in its secret file.",
    )
    const moved = await cli(
      { DATA_DIR: serverDir, APP_SECRET: secret },
      '--from',
      url,
      '--to',
      backDir,
      '--page-rows',
      '3',
    )
    expect(moved.code, moved.stderr).toBe(0)
    expect(moved.stdout).toMatch(/^verified: /m)
    expect(moved.stdout).toContain(`Start the new server with DATA_DIR=${backDir} and without DATABASE_URL.`)
    expect(readFileSync(join(backDir, 'secret'), 'utf8')).toBe(secret)

    const back = await createDatabase({ dataDir: backDir })
    try {
      expect(await counts(back)).toEqual(serverCounts)
      expect(await waitingJobs(back)).toEqual(sourceJobs)
    } finally {
      await back.close()
    }
    const instance = await startInstance(backDir)
    try {
      expect(await publicAnswers(instance.app, seeded)).toEqual(before)
      const signedIn = await login(instance.app, { email: seeded.email, password: PASSWORD })
      expect(signedIn.statusCode, signedIn.body).toBe(200)
    } finally {
      await instance.close()
    }

    const again = await cli({ DATA_DIR: serverDir, APP_SECRET: secret }, '--from', url, '--to', backDir)
    expect(again.code).toBe(1)
    expect(again.stderr.trim()).toBe(
      `migrate-instance: The media folder ${join(backDir, 'media')} is not empty; give a new or empty folder.`,
    )
  }, 300_000)
})

if (POSTGRES === undefined) {
  console.info(
    'migrate-instance.test.ts: the moves to PostgreSQL and back are skipped: TEST_DATABASE_URL is unset.',
  )
}
