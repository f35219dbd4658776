import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { isHttpUrl, parseInteger } from './config-parse.js'
import {
  type AuthThrottleLimits,
  type GoogleConfig,
  type MediaConfig,
  readAuthThrottles,
  readGoogle,
  readMediaConfig,
  readPublicClientLimit,
} from './config-sections.js'

/**
 * Runtime configuration (docs/decisions/configuration.md "Configuration is read once, at start").
 * `loadConfig` reads the environment once, reports every invalid variable together in one
 * `ConfigError`, and returns a frozen object; nothing else in Folio reads `process.env`.
 */
export interface Config {
  port: number
  host: string
  publicUrl: string
  /** Where links in mails lead (default `publicUrl`: Folio's own `/account/…` pages). */
  appUrl: string
  dataDir: string
  /** undefined = embedded PGlite under `dataDir/db`; `memory://`; or a `postgres://` URL. */
  databaseUrl: string | undefined
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
  /** Short-window auth throttles; false when `AUTH_THROTTLES=off` (development, load tests). */
  authThrottles: AuthThrottleLimits | false
  /** Largest WordPress export accepted by `POST /api/imports/wordpress` (413 beyond). */
  importMaxBytes: number
  /** Days the activity log keeps an entry (docs/decisions/jobs-and-events.md "Activities"). */
  activityRetentionDays: number
  /** Days a relayed outbox event is kept (`OUTBOX_RETENTION_DAYS`) before the daily prune removes it. */
  outboxRetentionDays: number
  /** Live versions kept per content; older ones are pruned by a job. */
  contentVersionsMax: number
  /**
   * Whether this instance relays outbox events to their consumers (`OUTBOX_RELAY=off`: it only
   * writes them; another instance, or the next start, relays them).
   */
  outboxRelay: boolean
  /**
   * Whether outbound requests to tenant-chosen addresses (webhooks, SMTP hosts) may reach private,
   * loopback and link-local addresses (`OUTBOUND_ALLOW_PRIVATE=true`, on-premises installs only).
   */
  outboundAllowPrivate: boolean
  /**
   * Seconds before each webhook retry (docs/decisions/jobs-and-events.md "Webhooks follow Standard
   * Webhooks"); one more attempt than entries in all, then the delivery fails. Each wait gets up to
   * 10 % random jitter on top.
   */
  webhookRetryDelaysSeconds: readonly number[]
  /**
   * Monthly request metering and the quota (docs/decisions/quotas.md); false when `METERING=off`
   * (benchmarks comparing its cost): nothing is counted, limited or reported in headers.
   */
  metering: boolean
  /**
   * How long a deleted tenant can be restored before the purge job removes its data
   * (`TENANT_DELETION_GRACE_DAYS`, default 30; fractions allowed, 0 = purge at once).
   */
  tenantDeletionGraceMs: number
  /** Where uploaded media live and how they are served (docs/decisions/media.md "Two drivers, one store"). */
  media: MediaConfig
  /** Google sign-in (OpenID Connect); undefined when `GOOGLE_CLIENT_ID` is unset (its routes answer 503). */
  google: GoogleConfig | undefined
  /** A MaxMind City or Country database file for form responses' `geo` (`GEOIP_DATABASE`); unset: geo is null. */
  geoipDatabase: string | undefined
  /**
   * The captcha provider forms with `settings.captcha` are verified against (`CAPTCHA_VERIFY_URL`, a
   * siteverify endpoint, with `CAPTCHA_SECRET`); undefined when not configured.
   */
  captcha: { verifyUrl: string; secret: string } | undefined
  /**
   * Longest a public collection read or query may run (`PUBLIC_QUERY_TIMEOUT_MS`, a statement
   * timeout set per transaction); beyond it the request answers 400 QueryTimeout.
   */
  publicQueryTimeoutMs: number
  /** Public-route requests a minute per client address (`PUBLIC_CLIENT_LIMIT`); false: unlimited. */
  publicClientLimit: number | false
}

/** Standard Webhooks-style schedule: retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const

export const PLAN_SLUGS = ['free', 'pro', 'promax', 'enterprise'] as const
export type PlanSlug = (typeof PLAN_SLUGS)[number]
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
type LogLevel = (typeof LOG_LEVELS)[number]

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

export function loadConfig(env: Env = process.env): Readonly<Config> {
  const problems: string[] = []
  const read = (name: string) => {
    const value = env[name]?.trim()
    return value === '' ? undefined : value
  }

  const port = parseInteger(read('PORT') ?? '3000', 'PORT', 0, 65535, problems)
  const host = read('HOST') ?? '127.0.0.1'
  const publicUrl = (read('PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '')
  if (!isHttpUrl(publicUrl)) problems.push(`PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`)
  const appUrl = (read('APP_URL') ?? publicUrl).replace(/\/+$/, '')
  if (!isHttpUrl(appUrl)) problems.push(`APP_URL must be an http(s) URL, got "${appUrl}"`)
  const dataDir = resolve(read('DATA_DIR') ?? './data')

  const databaseUrl = read('DATABASE_URL')
  if (databaseUrl !== undefined && databaseUrl !== 'memory://' && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be memory:// or a postgres:// URL (unset = embedded PGlite in DATA_DIR)')
  }
  const redisUrl = read('REDIS_URL')
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl))
    problems.push('REDIS_URL must be a redis:// URL')

  const smtpUrl = read('SMTP_URL')
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) problems.push('SMTP_URL must be an smtp:// URL')

  const defaultTenantPlan = read('DEFAULT_TENANT_PLAN') ?? 'enterprise'
  if (!PLAN_SLUGS.includes(defaultTenantPlan as PlanSlug)) {
    problems.push(`DEFAULT_TENANT_PLAN must be one of ${PLAN_SLUGS.join(', ')}`)
  }
  const logLevel = read('LOG_LEVEL') ?? 'info'
  if (!LOG_LEVELS.includes(logLevel as LogLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)

  const bodyLimitBytes = parseInteger(
    read('BODY_LIMIT_BYTES') ?? String(10 * 1024 * 1024),
    'BODY_LIMIT_BYTES',
    1024,
    2 ** 31,
    problems,
  )
  const authThrottles = readAuthThrottles(read, problems)
  const importMaxBytes = parseInteger(
    read('IMPORT_MAX_BYTES') ?? String(50 * 1024 * 1024),
    'IMPORT_MAX_BYTES',
    1024,
    2 ** 31,
    problems,
  )
  const activityRetentionDays = parseInteger(
    read('ACTIVITY_RETENTION_DAYS') ?? '180',
    'ACTIVITY_RETENTION_DAYS',
    1,
    36_500,
    problems,
  )
  const outboxRetentionDays = parseInteger(
    read('OUTBOX_RETENTION_DAYS') ?? '7',
    'OUTBOX_RETENTION_DAYS',
    1,
    3650,
    problems,
  )
  const contentVersionsMax = parseInteger(
    read('CONTENT_VERSIONS_MAX') ?? '100',
    'CONTENT_VERSIONS_MAX',
    1,
    10_000,
    problems,
  )
  const outboxRelay = read('OUTBOX_RELAY') ?? 'on'
  if (outboxRelay !== 'on' && outboxRelay !== 'off') {
    problems.push(`OUTBOX_RELAY must be on or off, got "${outboxRelay}"`)
  }
  const outboundAllowPrivate = read('OUTBOUND_ALLOW_PRIVATE') ?? 'false'
  if (outboundAllowPrivate !== 'true' && outboundAllowPrivate !== 'false') {
    problems.push(`OUTBOUND_ALLOW_PRIVATE must be true or false, got "${outboundAllowPrivate}"`)
  }
  const webhookRetryDelaysSeconds = (
    read('WEBHOOK_RETRY_DELAYS') ?? DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS.join(',')
  )
    .split(',')
    .map((delay) => parseInteger(delay.trim(), 'WEBHOOK_RETRY_DELAYS (each)', 0, 7 * 24 * 3600, problems))
  if (webhookRetryDelaysSeconds.length > 20) problems.push('WEBHOOK_RETRY_DELAYS lists at most 20 delays')
  const meteringMode = read('METERING') ?? 'on'
  if (meteringMode !== 'on' && meteringMode !== 'off') {
    problems.push(`METERING must be on or off, got "${meteringMode}"`)
  }
  const graceText = read('TENANT_DELETION_GRACE_DAYS') ?? '30'
  const graceDays = /^\d+(\.\d+)?$/.test(graceText) ? Number(graceText) : Number.NaN
  if (!(graceDays <= 3650)) {
    problems.push(`TENANT_DELETION_GRACE_DAYS must be a number of days from 0 to 3650, got "${graceText}"`)
  }
  const media = readMediaConfig(read, publicUrl, problems)
  const captchaVerifyUrl = read('CAPTCHA_VERIFY_URL')
  const captchaSecret = read('CAPTCHA_SECRET')
  if (captchaVerifyUrl !== undefined && !isHttpUrl(captchaVerifyUrl)) {
    problems.push('CAPTCHA_VERIFY_URL must be an http(s) URL')
  }
  if ((captchaVerifyUrl === undefined) !== (captchaSecret === undefined)) {
    problems.push('CAPTCHA_VERIFY_URL and CAPTCHA_SECRET are set together')
  }
  const publicQueryTimeoutMs = parseInteger(
    read('PUBLIC_QUERY_TIMEOUT_MS') ?? '2000',
    'PUBLIC_QUERY_TIMEOUT_MS',
    50,
    60_000,
    problems,
  )
  const trustProxyValue = read('TRUST_PROXY')
  const trustProxy = trustProxyValue ? trustProxyValue.split(',').map((s) => s.trim()) : false

  let appSecret = read('APP_SECRET')
  if (appSecret !== undefined && appSecret.length < 32)
    problems.push('APP_SECRET must be at least 32 characters')
  const isServerDatabase = databaseUrl?.startsWith('postgres') ?? false
  if (appSecret === undefined && isServerDatabase) {
    problems.push(
      'APP_SECRET is required with a PostgreSQL DATABASE_URL (generate one: openssl rand -base64 48)',
    )
  }

  const appSecretPrevious = (read('APP_SECRET_PREVIOUS') ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean)
  if (appSecretPrevious.some((secret) => secret.length < 32)) {
    problems.push('APP_SECRET_PREVIOUS must list secrets of at least 32 characters each')
  }

  const google = readGoogle(read, problems)
  const publicClientLimit = readPublicClientLimit(read, problems)

  if (problems.length > 0) throw new ConfigError(problems)

  if (appSecret === undefined) {
    appSecret =
      databaseUrl === 'memory://' ? randomBytes(48).toString('base64url') : readOrCreateSecret(dataDir)
  }

  return Object.freeze({
    port,
    host,
    publicUrl,
    appUrl,
    dataDir,
    databaseUrl,
    redisUrl,
    appSecret,
    appSecretPrevious: Object.freeze(appSecretPrevious),
    smtpUrl,
    mailFrom: read('MAIL_FROM') ?? 'Folio <no-reply@localhost>',
    platformAdminEmails: Object.freeze(
      (read('PLATFORM_ADMIN_EMAILS') ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
    defaultTenantPlan: defaultTenantPlan as PlanSlug,
    logLevel: logLevel as LogLevel,
    trustProxy,
    bodyLimitBytes,
    authThrottles,
    importMaxBytes,
    activityRetentionDays,
    outboxRetentionDays,
    contentVersionsMax,
    outboxRelay: outboxRelay !== 'off',
    outboundAllowPrivate: outboundAllowPrivate === 'true',
    webhookRetryDelaysSeconds: Object.freeze(webhookRetryDelaysSeconds),
    metering: meteringMode !== 'off',
    tenantDeletionGraceMs: Math.round(graceDays * 24 * 60 * 60 * 1000),
    media,
    google,
    geoipDatabase: read('GEOIP_DATABASE'),
    captcha:
      captchaVerifyUrl === undefined || captchaSecret === undefined
        ? undefined
        : Object.freeze({ verifyUrl: captchaVerifyUrl, secret: captchaSecret }),
    publicQueryTimeoutMs,
    publicClientLimit,
  })
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
