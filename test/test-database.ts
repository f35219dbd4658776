import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { inject } from 'vitest'
import { adminQuery, databaseUrl } from './template.js'

let tarball: Blob | undefined

/** The migrated PGlite data directory, read once per test file. */
export function pgliteTemplate(): Blob {
  const template = inject('testDatabase')
  if (template.kind !== 'pglite') throw new Error('The test run has no PGlite template.')
  tarball ??= new Blob([readFileSync(template.tarball)])
  return tarball
}

let fileDatabase: Promise<{ name: string; url: string }> | undefined
let appsOnFileDatabase = 0

/**
 * The pg-boss schema for the next app of the file (undefined: the template's). Apps of one file
 * share its PostgreSQL database: the first uses the template's schema, each further one a schema
 * of its own, so its jobs run with its own configuration and mail folder.
 */
export function nextJobsSchema(): string | undefined {
  if (process.env.TEST_DATABASE_URL === undefined || appsOnFileDatabase++ === 0) return undefined
  return `jobs_${randomBytes(6).toString('hex')}`
}

/**
 * The PostgreSQL URL of the calling test file's own database, made from the template on first
 * use (undefined without TEST_DATABASE_URL). Every app of the file shares it, as instances of one
 * deployment would.
 */
export function testDatabaseUrl(): Promise<string> | undefined {
  if (process.env.TEST_DATABASE_URL === undefined) return undefined
  fileDatabase ??= createFileDatabase()
  return fileDatabase.then((database) => database.url)
}

async function createFileDatabase() {
  const template = inject('testDatabase')
  if (template.kind !== 'postgres') throw new Error('The test run has no PostgreSQL template.')
  const name = `${template.template}_f${randomBytes(5).toString('hex')}`
  await adminQuery(template.adminUrl, `CREATE DATABASE "${name}" TEMPLATE "${template.template}"`)
  return { name, url: databaseUrl(template.adminUrl, name) }
}

/**
 * Drops the file's database if it made one (after the file's last test and its apps closed) and
 * forgets it: a worker process runs several files one after another.
 */
export async function endTestFile(): Promise<void> {
  appsOnFileDatabase = 0
  if (fileDatabase === undefined) return
  const { name } = await fileDatabase
  fileDatabase = undefined
  const template = inject('testDatabase')
  if (template.kind !== 'postgres') return
  // Without FORCE: PostgreSQL waits up to 5 s for the file's last connections to end. A database
  // still in use (a connection left open) stays for test/global-setup.ts to drop after the run.
  await adminQuery(template.adminUrl, `DROP DATABASE IF EXISTS "${name}"`).catch(() => {})
}
