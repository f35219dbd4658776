import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { configOf, type LogLevel, type PlanSlug, readVariables } from './config-schema.js'
import type { FamilyConfig } from './modules/declarations.js'

export { PLAN_SLUGS, type PlanSlug } from './config-schema.js'

/**
 * Runtime configuration (docs/decisions/configuration.md "Configuration is read once, at start"):
 * the platform's fields and those the families declare with their variables (`FamilyConfig`). Each
 * field comes from the environment variable that lands in it (config-schema.ts, a family's
 * `declarations.ts`), which gives its default, bounds and unit; notes say what a value means to
 * the code.
 */
export type Config = CoreConfig & FamilyConfig

/** The platform's own configuration (its variables are in config-schema.ts). */
export interface CoreConfig {
  port: number
  host: string
  publicUrl: string
  /** Where links in mails lead (default `<publicUrl>/admin`: Studio's `/account/…` screens). */
  appUrl: string
  dataDir: string
  /** undefined = embedded PGlite under `dataDir/db`; `memory://`; or a `postgres://` URL. */
  databaseUrl: string | undefined
  /**
   * PostgreSQL cancels a statement of the main pool after this long (ms; 0: never), so nothing waits
   * on the database without bound (docs/decisions/configuration.md "PostgreSQL outages").
   */
  databaseStatementTimeoutMs: number
  redisUrl: string | undefined
  appSecret: string
  /** Earlier `APP_SECRET`s whose encrypted values can still be read during a rotation. */
  appSecretPrevious: readonly string[]
  smtpUrl: string | undefined
  mailFrom: string
  /** Lower-cased e-mails of platform administrators (feature-flag catalogue, plans); verified accounts only. */
  platformAdminEmails: readonly string[]
  defaultTenantPlan: PlanSlug
  logLevel: LogLevel
  /** Passed to Fastify's `trustProxy`: false, or a list of proxy addresses/CIDRs. */
  trustProxy: false | string[]
  bodyLimitBytes: number
  outboxRetentionDays: number
  /** false: this instance only writes outbox events; another instance, or the next start, relays them. */
  outboxRelay: boolean
  /** Whether webhooks, tenant SMTP hosts and WordPress media copies may reach private, loopback and link-local addresses. */
  outboundAllowPrivate: boolean
  /** Request metering and the monthly quota (docs/decisions/quotas.md); false: nothing counted or limited. */
  metering: boolean
  /**
   * Worker threads at most for CPU-heavy work on the request path (html sanitizing), started at first
   * use (docs/decisions/configuration.md "Worker threads").
   */
  workerThreads: number
  /** The longest a worker task may wait and run (ms); the request is then answered 503 ServiceUnavailable. */
  workerTaskTimeoutMs: number
  /** Public-route requests a minute per client address (IPv6: its /64); false: unlimited. */
  publicClientLimit: number | false
  /** Bytes of public answers the delivery cache keeps in process; 0: no delivery cache. */
  deliveryCacheMaxBytes: number
}

/** Every problem of the environment at once, one line each (`NAME must …, got "…"`). */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/**
 * Reads the variables of config-schema.ts from `env` (blank = unset), checks each against its schema,
 * then the rules between variables below, and throws one `ConfigError` listing every problem.
 * Without `APP_SECRET`, the embedded database keeps a generated one in `DATA_DIR/secret`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const { values: v, problems } = readVariables(env)
  if (v.APP_SECRET === undefined && v.DATABASE_URL?.startsWith('postgres')) {
    problems.push(
      'APP_SECRET is required with a PostgreSQL DATABASE_URL (generate one: openssl rand -base64 48)',
    )
  }
  if (v.MEDIA_DRIVER === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (v[name] === undefined) problems.push(`${name} is required with MEDIA_DRIVER=s3`)
    }
  }
  // Google's web clients authenticate at the token endpoint: no sign-in without the secret.
  if ((v.GOOGLE_CLIENT_ID === undefined) !== (v.GOOGLE_CLIENT_SECRET === undefined)) {
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together')
  }
  if ((v.CAPTCHA_VERIFY_URL === undefined) !== (v.CAPTCHA_SECRET === undefined)) {
    problems.push('CAPTCHA_VERIFY_URL and CAPTCHA_SECRET are set together')
  }
  if (problems.length > 0) throw new ConfigError(problems)

  // Defaults that follow other variables.
  v.PUBLIC_URL ??= `http://localhost:${v.PORT}`
  // Studio serves the screens mailed links open (`/admin/account/…`) and Google's sign-in landing.
  v.APP_URL ??= `${v.PUBLIC_URL}/admin`
  const bucketUrl =
    v.S3_ENDPOINT === undefined
      ? `https://${v.S3_BUCKET}.s3.${v.S3_REGION}.amazonaws.com`
      : `${v.S3_ENDPOINT}/${v.S3_BUCKET}`
  v.MEDIA_PUBLIC_URL ??= v.MEDIA_DRIVER === 's3' ? (v.S3_PUBLIC_URL ?? bucketUrl) : v.PUBLIC_URL

  const config = configOf(v)
  config.appSecret =
    v.APP_SECRET ??
    (v.DATABASE_URL === 'memory://'
      ? randomBytes(48).toString('base64url')
      : readOrCreateSecret(config.dataDir))
  if (v.AUTH_THROTTLES === 'off') config.authThrottles = false
  if (v.MEDIA_DRIVER === 'local') config.media.s3 = undefined
  if (v.CAPTCHA_VERIFY_URL === undefined) config.captcha = undefined
  // The issuer's format allows http on a loopback address only.
  config.google =
    config.google?.clientId === undefined
      ? undefined
      : { ...config.google, allowInsecureIssuer: config.google.issuerUrl.startsWith('http:') }
  return deepFreeze(config)
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) Object.values(value).forEach(deepFreeze)
  return Object.freeze(value)
}

/** Embedded installs keep a generated secret in `DATA_DIR/secret` so tokens survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret')
  try {
    return readFileSync(file, 'utf8').trim()
  } catch {
    mkdirSync(dataDir, { recursive: true })
    const secret = randomBytes(48).toString('base64url')
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
    return secret
  }
}
