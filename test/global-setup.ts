import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { TestProject } from 'vitest/node'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { createDatabase, type Database } from '../src/db/client.js'
import { runMigrations } from '../src/db/migrate.js'
import { createMailer } from '../src/mail/mailer.js'
import { createSharedStore } from '../src/store/shared-store.js'
import { adminQuery, databaseUrl, TEMPLATE_JOBS_SCHEMA, TEST_APP_SECRET } from './template.js'

/**
 * Migrates one database per run, the template every test app starts from (test/test-database.ts):
 * the schema and pg-boss's tables, no rows of any tenant. Running all migrations for each of the
 * suite's files was most of its time.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL
  if (url === undefined) return setupPglite(project)
  return setupPostgres(project, url)
}

/**
 * Migrates `database`, then starts and stops an app on it: pg-boss installs its schema and creates
 * the app's queues (a table each) and schedules, which took each test app seconds at its start.
 * Queue options are constants of the code, the same for every test app's configuration.
 */
async function prepare(database: Database, dataDir: string) {
  await runMigrations(database)
  const config = loadConfig({
    DATABASE_URL: 'memory://',
    DATA_DIR: dataDir,
    APP_SECRET: TEST_APP_SECRET,
    LOG_LEVEL: 'silent',
  })
  const store = await createSharedStore({})
  try {
    const app = await buildApp({
      config,
      database,
      store,
      mailer: createMailer({ from: config.mailFrom, dataDir }),
      logger: false,
      jobsSchema: TEMPLATE_JOBS_SCHEMA,
    })
    await app.ready()
    await app.close()
  } finally {
    await store.close()
  }
}

async function setupPglite(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'folio-test-template-'))
  // Migrated on disk (under dir/db), then reopened to dump it as PGlite's tarball.
  const database = await createDatabase({ dataDir: dir })
  try {
    await prepare(database, dir)
  } finally {
    await database.close()
  }
  const client = await PGlite.create({ dataDir: join(dir, 'db'), extensions: { pg_trgm, btree_gin } })
  const tarball = join(dir, 'template.tar')
  try {
    writeFileSync(tarball, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()))
  } finally {
    await client.close()
  }
  project.provide('testDatabase', { kind: 'pglite', tarball })
  return () => rmSync(dir, { recursive: true, force: true })
}

async function setupPostgres(project: TestProject, url: string) {
  const base = decodeURIComponent(new URL(url).pathname.slice(1))
  // One template per run (and the process id in it): runs against one server stay apart.
  const template = `${base.slice(0, 30)}_t${process.pid}`
  const dropAll = async () => {
    const { rows } = await adminQuery(
      url,
      `SELECT datname FROM pg_database WHERE datname = '${template}' OR datname LIKE '${template}\\_f%'`,
    )
    for (const { datname } of rows) await adminQuery(url, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
  }
  await dropAll()
  await adminQuery(url, `CREATE DATABASE "${template}"`)
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-test-template-'))
  const database = await createDatabase({ url: databaseUrl(url, template), dataDir, poolSize: 2 })
  try {
    await prepare(database, dataDir)
  } finally {
    await database.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  project.provide('testDatabase', { kind: 'postgres', adminUrl: url, template })
  // Also drops the databases of files that ended without their own `afterAll` (a crash, a timeout).
  return dropAll
}
