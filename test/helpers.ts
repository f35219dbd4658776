import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, FastifyPluginAsync, InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { buildApp } from '../src/app.js'
import { type Config, loadConfig } from '../src/config.js'
import { createDatabase, type Database, type Db } from '../src/db/client.js'
import { apiTokens, memberships, sessions, tenants, users } from '../src/db/schema/index.js'
import { randomToken, sha256Hex } from '../src/lib/hash.js'
import { newId } from '../src/lib/ids.js'
import { hashPassword } from '../src/lib/password.js'
import type { WorkerPool } from '../src/lib/worker-pool.js'
import { createMailer } from '../src/mail/mailer.js'
import { apiTokenUse } from '../src/modules/api-tokens/index.js'
import { createCredentials, SESSION_TOKEN_TTL_MS } from '../src/modules/auth/credentials.js'
import { createRoleResolver } from '../src/modules/roles/resolver.js'
import { createSharedStore, type SharedStore } from '../src/store/shared-store.js'
import { TEST_APP_SECRET } from './template.js'
import { nextJobsSchema, pgliteTemplate, testDatabaseUrl } from './test-database.js'

export { TEST_APP_SECRET }

/**
 * One app per test file on its own database, a copy of the run's migrated template
 * (test/test-database.ts): in-memory PGlite by default (each app its own), or a database of the
 * file's own on the PostgreSQL server of TEST_DATABASE_URL (the file's apps share it), and the
 * Redis in TEST_REDIS_URL. Tests isolate themselves by tenant (and unique e-mails), never by
 * truncating tables.
 */
export interface TestContext {
  app: FastifyInstance
  db: Db
  /** The database handle behind `db` (tests of failure paths close it early). */
  database: Database
  dataDir: string
  config: Readonly<Config>
  store: SharedStore
  /** The pg-boss schema of the app's jobs (undefined: the default), for a second app taking over. */
  jobsSchema: string | undefined
  close(): Promise<void>
}

/**
 * `logs`: receive the app's JSON log lines (at info level) instead of running silent.
 * `env`: configuration on top of the test defaults (throttle limits, `APP_URL` …).
 */
export async function createTestContext(
  options: {
    logs?: string[]
    env?: Record<string, string>
    /** Wraps the shared store the app gets (a test of an outage makes its calls fail). */
    wrapStore?: (store: SharedStore) => SharedStore
    /** The Redis of the app's store instead of TEST_REDIS_URL (a test of an unreachable one). */
    redisUrl?: string
    /** Routes registered under /api/public (tests of the public-route plugin). */
    extraPublicRoutes?: FastifyPluginAsync[]
    /** Where Studio's build is (default: the repository's studio/dist, when built). */
    studioDir?: string
    /** The browser helpers' build (default: the repository's packages/client/dist/browser.js, when built). */
    browserClientFile?: string
  } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-test-'))
  const postgresUrl = await testDatabaseUrl()
  const config = loadConfig({
    DATABASE_URL: postgresUrl ?? 'memory://',
    DATA_DIR: dataDir,
    APP_SECRET: TEST_APP_SECRET,
    LOG_LEVEL: options.logs === undefined ? 'silent' : 'info',
    ...options.env,
  })
  const database = await openTestDatabase(dataDir)
  const store = await createSharedStore({
    redisUrl: options.redisUrl ?? process.env.TEST_REDIS_URL,
    prefix: `folio-test:${newId()}:`,
  })
  const mailer = createMailer({ from: config.mailFrom, dataDir })
  const logs = options.logs
  const logger = logs === undefined ? false : { stream: { write: (line: string) => void logs.push(line) } }
  const jobsSchema = nextJobsSchema()
  const app = await buildApp({
    config,
    database,
    store: options.wrapStore?.(store) ?? store,
    mailer,
    logger,
    ...(jobsSchema ? { jobsSchema } : {}),
    // pg-boss's shortest: a job queued in a transaction starts at the next poll.
    jobsPollingIntervalSeconds: 0.5,
    ...(options.extraPublicRoutes ? { extraPublicRoutes: options.extraPublicRoutes } : {}),
    ...(options.studioDir ? { studioDir: options.studioDir } : {}),
    ...(options.browserClientFile ? { browserClientFile: options.browserClientFile } : {}),
  })
  await app.ready()
  return {
    app,
    db: database.db,
    database,
    dataDir,
    config,
    store,
    jobsSchema,
    async close() {
      await app.close()
      await store.close()
      await database.close().catch(() => {})
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The test file's database without an app (a copy of the migrated template: in-memory PGlite, or
 * the file's own PostgreSQL database with TEST_DATABASE_URL), for tests of mechanisms below the app.
 */
export async function openTestDatabase(dataDir: string): Promise<Database> {
  const postgresUrl = await testDatabaseUrl()
  return createDatabase({
    url: postgresUrl ?? 'memory://',
    dataDir,
    poolSize: 4,
    ...(postgresUrl === undefined ? { loadDataDir: pgliteTemplate() } : {}),
  })
}

export const TEST_PASSWORD = 'correct horse battery staple'
let passwordHash: Promise<string> | undefined

export function uniqueEmail(label = 'user'): string {
  return `${label}-${newId()}@example.test`
}

export interface SeededUser {
  userId: string
  email: string
  password: string
  /** A Bearer session token, scoped to `tenantId` when the user was seeded with a tenant. */
  token: string
  csrfToken: string
}

export interface SeededMember extends SeededUser {
  tenantId: string
}

/**
 * Fixtures written straight to the database (like immich's medium-test factories), so that tests
 * of one family do not depend on another family's routes. Auth routes have their own tests.
 */
export async function seedUser(
  db: Db,
  options: { tenantId?: string; email?: string } = {},
): Promise<SeededUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD)
  const userId = newId()
  const email = options.email ?? uniqueEmail()
  await db.insert(users).values({
    id: userId,
    email,
    passwordHash: await passwordHash,
    firstName: 'Test',
    lastName: 'User',
    emailVerifiedAt: new Date(),
  })
  const session = await seedSession(db, userId, options.tenantId ?? null)
  return { userId, email, password: TEST_PASSWORD, ...session }
}

const credentialsByDb = new WeakMap<Db, ReturnType<typeof createCredentials>>()

/** Credentials as the test apps build them (one per database). */
export async function testCredentials(db: Db) {
  let credentials = credentialsByDb.get(db)
  if (credentials === undefined) {
    credentials = createCredentials({
      db,
      appSecret: TEST_APP_SECRET,
      roles: createRoleResolver({ db, bus: { on() {}, onResync() {} } }),
      recordApiTokenUse: apiTokenUse(db),
    })
    credentialsByDb.set(db, credentials)
  }
  return credentials
}

export async function seedSession(db: Db, userId: string, tenantId: string | null) {
  const credentials = await testCredentials(db)
  const sessionId = newId()
  const tokenId = randomToken(16)
  const csrfToken = randomToken()
  const expiresAt = Date.now() + SESSION_TOKEN_TTL_MS
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    tenantId,
    tokenId,
    csrfToken,
    expiresAt: new Date(expiresAt),
  })
  return {
    token: credentials.signSessionToken({ sub: userId, sid: sessionId, jti: tokenId }, expiresAt),
    csrfToken,
  }
}

/** A new tenant with one member of `role` (default owner) holding a session on it. */
export async function seedTenant(db: Db, role = 'owner'): Promise<SeededMember> {
  const tenantId = newId()
  await db
    .insert(tenants)
    .values({ id: tenantId, name: `Tenant ${tenantId}`, slug: `t-${tenantId}`, plan: 'enterprise' })
  const user = await seedUser(db, { tenantId })
  await db.insert(memberships).values({
    tenantId,
    id: newId(),
    userId: user.userId,
    role,
    status: 'active',
    acceptedAt: new Date(),
  })
  return { ...user, tenantId }
}

/** Adds a member of `role` to an existing tenant. */
export async function seedMember(db: Db, tenantId: string, role: string): Promise<SeededMember> {
  const user = await seedUser(db, { tenantId })
  await db.insert(memberships).values({ tenantId, id: newId(), userId: user.userId, role, status: 'active' })
  return { ...user, tenantId }
}

/** An API token (plaintext) for `tenantId`. */
export async function seedApiToken(
  db: Db,
  tenantId: string,
  options: { role?: string; scopes?: string[]; expiresAt?: Date } = {},
): Promise<string> {
  const token = `folio_${randomToken(32)}`
  await db.insert(apiTokens).values({
    tenantId,
    id: newId(),
    name: 'test token',
    tokenHash: sha256Hex(token),
    role: options.role ?? 'editor',
    scopes: options.scopes ?? ['read'],
    expiresAt: options.expiresAt ?? null,
  })
  return token
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` }
}

/** `app.inject` with a JSON body and Bearer auth; returns the response with `json` parsed. */
export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse & { body: string; data: any }> {
  const response = await app.inject({
    method,
    url,
    headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  })
  let data: unknown
  try {
    data = response.json()
  } catch {
    data = undefined
  }
  return Object.assign(response, { data })
}

/** The newest mail written to `dataDir/mail` for `to`, as raw text (the body is 8-bit: `readableEml`). */
export function lastMailTo(dataDir: string, to: string): string | undefined {
  let files: string[]
  try {
    files = readdirSync(join(dataDir, 'mail')).sort()
  } catch {
    return undefined
  }
  for (const file of files.reverse()) {
    const text = readFileSync(join(dataDir, 'mail', file), 'utf8')
    if (text.includes(`To: ${to}`)) return text
  }
  return undefined
}

/**
 * The calling test file's context: created before its first test, closed after its last. The
 * object is filled in by `beforeAll`, so read its members inside tests and hooks only.
 */
export function useTestContext(env?: Record<string, string>): TestContext {
  const context = {} as TestContext
  beforeAll(async () => {
    Object.assign(context, await createTestContext(env === undefined ? {} : { env }))
  })
  afterAll(() => context.close())
  return context
}

/**
 * Runs worker tasks on the calling thread, for services a test builds without an app (whose pool
 * would need closing): the task module's export, called as a worker thread would call it.
 */
export const inlineWorkers: Pick<WorkerPool, 'run'> = {
  async run(task, input) {
    const module = await import(task.module.href.replace(/\.js$/, '.ts'))
    return module[task.name](input)
  },
}
