import { resolve } from 'node:path'
import { Ajv } from 'ajv'
import { type Static, type TSchema, type TSchemaOptions, Type } from 'typebox'
import type { AuthThrottleLimits, Config } from './config.js'

/**
 * The table of every environment variable Folio reads (docs/decisions/configuration.md
 * "Configuration is read once, at start"): per variable its TypeBox schema (type, bounds, enum,
 * pattern, default, description) and the `Config` field it lands in, checked by type. The README's
 * "Configuration" tables list the same variables (config.test.ts compares them).
 *
 * Annotations of ours on a schema: `rule` words the problem when a value fails it (the helpers below
 * write it from the bounds); `secret` keeps the value out of messages (it may hold a password);
 * `base` drops a base URL's trailing slashes.
 */

/** Standard Webhooks-style schedule: retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const
export const PLAN_SLUGS = ['free', 'pro', 'promax', 'enterprise'] as const
export type PlanSlug = (typeof PLAN_SLUGS)[number]
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

const MiB = 1024 * 1024
const WEEK_SECONDS = 7 * 24 * 3600
const text = (description: string, options: TSchemaOptions = {}) => Type.String({ description, ...options })
const bounds = (minimum: number, maximum: number) =>
  ({ minimum, maximum, rule: `must be an integer from ${minimum} to ${maximum}` }) as const
const int = (minimum: number, maximum: number, value?: number, description?: string) =>
  Type.Integer({ ...bounds(minimum, maximum), default: value, description })
const list = <S extends TSchema>(items: S, description: string, options: TSchemaOptions = {}) =>
  Type.Array(items, { default: [], description, ...options })
const oneOf = <V extends string>(values: readonly V[], value: V, description: string) =>
  Type.Enum(values, {
    rule: values.length === 2 ? `must be ${values.join(' or ')}` : `must be one of ${values.join(', ')}`,
    default: value,
    description,
  })
const onOff = (description: string) => oneOf(['on', 'off'], 'on', description)
const isOn = (mode: 'on' | 'off') => mode === 'on'
const secretKey = (description?: string) =>
  Type.String({ minLength: 32, rule: 'must be at least 32 characters', secret: true, description })
const httpUrl = (description: string, options: TSchemaOptions = {}) =>
  text(description, { format: 'http-url', rule: 'must be an http(s) URL', ...options })
const baseUrl = (description: string) => httpUrl(description, { base: true })
/** A connection URL: the pattern of its schemes, the problem's wording; never echoed (credentials). */
const connection = (pattern: string, rule: string, description: string) =>
  text(description, { pattern, rule, secret: true })

export const VARIABLES = {
  PORT: to('port', int(0, 65535, 3000, 'HTTP port')),
  HOST: to('host', text('listen address (0.0.0.0 in containers)', { default: '127.0.0.1' })),
  PUBLIC_URL: to('publicUrl', baseUrl('public base URL (default http://localhost:$PORT)')),
  APP_URL: to(
    'appUrl',
    baseUrl('where mailed links lead (default PUBLIC_URL/admin: Studio’s /account/… screens)'),
  ),
  DATA_DIR: to('dataDir', text('embedded database, mails, generated secret', { default: './data' }), resolve),
  DATABASE_URL: to(
    'databaseUrl',
    connection(
      '^(memory://$|postgres(ql)?://)',
      'must be memory:// or a postgres:// URL (unset = embedded PGlite in DATA_DIR)',
      'unset: PGlite in DATA_DIR/db; memory://: throw-away; or a PostgreSQL server',
    ),
  ),
  DATABASE_STATEMENT_TIMEOUT_MS: to(
    'databaseStatementTimeoutMs',
    int(0, 3_600_000, 30_000, 'PostgreSQL statement timeout (ms); 0: none'),
  ),
  REDIS_URL: to('redisUrl', connection('^rediss?://', 'must be a redis:// URL', 'Redis shared by instances')),
  APP_SECRET: to('appSecret', secretKey('signs sessions, encrypts tenant secrets')),
  APP_SECRET_PREVIOUS: to('appSecretPrevious', list(secretKey(), 'earlier APP_SECRETs, still read')),
  SMTP_URL: to(
    'smtpUrl',
    connection('^smtps?://', 'must be an smtp:// URL', 'unset: .eml files in DATA_DIR/mail'),
  ),
  MAIL_FROM: to('mailFrom', text('sender of platform mail', { default: 'Folio <no-reply@localhost>' })),
  TENANT_PLATFORM_MAIL_PER_DAY: to(
    'tenantPlatformMailPerDay',
    int(1, 1_000_000, 200, "platform mails per tenant per UTC day (the tenant's own SMTP is not counted)"),
  ),
  PLATFORM_ADMIN_EMAILS: to('platformAdminEmails', list(Type.String(), 'platform administrators'), (emails) =>
    emails.map((email) => email.toLowerCase()),
  ),
  DEFAULT_TENANT_PLAN: to('defaultTenantPlan', oneOf(PLAN_SLUGS, 'enterprise', 'plan of new tenants')),
  LOG_LEVEL: to('logLevel', oneOf(LOG_LEVELS, 'info', 'pino level')),
  TRUST_PROXY: to('trustProxy', list(Type.String(), 'proxies whose X-Forwarded-For counts'), (proxies) =>
    proxies.length === 0 ? false : proxies,
  ),
  BODY_LIMIT_BYTES: to('bodyLimitBytes', int(1024, 2 ** 31, 10 * MiB, 'largest request body (bytes)')),
  // Only the rules of loadConfig read the mode: `off` makes the limits below `false`.
  AUTH_THROTTLES: { schema: onOff('off disables the auth throttles (development, load tests)') },
  AUTH_THROTTLE_WINDOW_SECONDS: throttle('windowSeconds', 900, 'window of every count'),
  AUTH_LOGIN_IP_LIMIT: throttle('loginIp', 50, 'failed logins per network'),
  AUTH_LOGIN_ACCOUNT_IP_LIMIT: throttle('loginAccountIp', 5, 'failed logins per account and network'),
  AUTH_LOGIN_ACCOUNT_LIMIT: throttle('loginAccount', 100, 'failed logins per account from everywhere'),
  AUTH_CURRENT_PASSWORD_LIMIT: throttle('currentPassword', 5, 'wrong current passwords'),
  AUTH_REGISTER_IP_LIMIT: throttle('registerIp', 20, 'registrations per network'),
  AUTH_RESEND_IP_LIMIT: throttle('resendIp', 5, 'verification re-sends per network'),
  AUTH_FORGOT_IP_LIMIT: throttle('forgotIp', 10, 'password-reset requests per network'),
  AUTH_FORGOT_ACCOUNT_LIMIT: throttle('forgotAccount', 3, 'password-reset requests per e-mail address'),
  AUTH_RESET_IP_LIMIT: throttle('resetIp', 20, 'invalid reset tokens per network'),
  IMPORT_MAX_BYTES: to('importMaxBytes', int(1024, 2 ** 31, 50 * MiB, 'largest WordPress export (bytes)')),
  ACTIVITY_RETENTION_DAYS: to('activityRetentionDays', int(1, 36_500, 180, 'days an activity is kept')),
  CONTENT_VERSIONS_MAX: to('contentVersionsMax', int(1, 10_000, 100, 'live versions kept per content')),
  OUTBOX_RELAY: to('outboxRelay', onOff('off: this instance writes events, others relay them'), isOn),
  OUTBOX_RETENTION_DAYS: to('outboxRetentionDays', int(1, 3650, 7, 'days a relayed event is kept')),
  OUTBOUND_ALLOW_PRIVATE: to(
    'outboundAllowPrivate',
    Type.Boolean({
      rule: 'must be true or false',
      default: false,
      description: 'webhooks, tenant SMTP, WordPress media copies may reach private networks',
    }),
  ),
  WEBHOOK_RETRY_DELAYS: to(
    'webhookRetryDelaysSeconds',
    list(int(0, WEEK_SECONDS), 'seconds before each webhook retry', {
      maxItems: 20,
      rule: 'lists at most 20 delays',
      default: DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS,
    }),
  ),
  WEBHOOK_CONCURRENCY: to(
    'webhookConcurrency',
    int(1, 1000, 32, 'webhook deliveries one instance sends at once'),
  ),
  WEBHOOK_RECEIVER_CONCURRENCY: to(
    'webhookReceiverConcurrency',
    int(1, 1000, 4, "webhook deliveries one instance sends at once to one tenant's receiver"),
  ),
  PUBLIC_QUERY_TIMEOUT_MS: to('publicQueryTimeoutMs', int(50, 60_000, 2000, 'public query timeout')),
  WORKER_THREADS: to('workerThreads', int(1, 64, 2, 'threads parsing and sanitizing off the event loop')),
  WORKER_TASK_TIMEOUT_MS: to(
    'workerTaskTimeoutMs',
    int(100, 600_000, 10_000, 'longest a worker task may wait and run (ms); 503 beyond'),
  ),
  DELIVERY_CACHE_MAX_BYTES: to(
    'deliveryCacheMaxBytes',
    int(0, 2 ** 40, 64 * MiB, 'bytes of public answers kept in process; 0: no delivery cache'),
  ),
  PUBLIC_CLIENT_LIMIT: to(
    'publicClientLimit',
    Type.Union([Type.Literal('off'), Type.Integer({ minimum: 0, maximum: 1_000_000 })], {
      rule: 'must be an integer from 0 to 1000000, or off',
      default: 600,
      description: 'public requests a minute per client address; 0 or off: no limit',
    }),
    (value) => (value === 'off' || value === 0 ? false : value),
  ),
  METERING: to('metering', onOff('off: no request metering, quota or RateLimit headers'), isOn),
  TENANT_DELETION_GRACE_DAYS: to(
    'tenantDeletionGraceMs',
    Type.Number({
      minimum: 0,
      maximum: 3650,
      rule: 'must be a number of days from 0 to 3650',
      default: 30,
      description: 'days a deleted tenant stays restorable (fractions allowed)',
    }),
    (count) => Math.round(count * 24 * 3600 * 1000),
  ),
  MEDIA_DRIVER: to('media.driver', oneOf(['local', 's3'], 'local', 'where media are stored')),
  MEDIA_MAX_UPLOAD_BYTES: to('media.maxUploadBytes', int(1, 2 ** 31 - 1, 100 * MiB, 'largest upload')),
  MEDIA_PRESIGN_TTL_SECONDS: to('media.presignTtlSeconds', int(10, WEEK_SECONDS, 300, 'upload URL lifetime')),
  // The default holds 45–50 MP camera files; sharp's own default is 268 MP (16383²), the top bound.
  MEDIA_MAX_IMAGE_PIXELS: to('media.maxImagePixels', int(1, 16383 ** 2, 50_000_000, 'largest image')),
  MEDIA_PUBLIC_URL: to('media.publicUrl', baseUrl('origin media are served from')),
  S3_BUCKET: to('media.s3.bucket', text('the bucket (required with MEDIA_DRIVER=s3)')),
  S3_REGION: to('media.s3.region', text('its region', { default: 'us-east-1' })),
  S3_ENDPOINT: to('media.s3.endpoint', baseUrl('endpoint of a non-AWS store (path-style)')),
  S3_ACCESS_KEY_ID: to('media.s3.accessKeyId', text('access key id (required with s3)')),
  S3_SECRET_ACCESS_KEY: to('media.s3.secretAccessKey', text('its secret key (required)', { secret: true })),
  // Only the default of MEDIA_PUBLIC_URL reads it (s3 driver).
  S3_PUBLIC_URL: { schema: baseUrl('where stored objects are read (default: the bucket URL)') },
  GOOGLE_CLIENT_ID: to('google.clientId', text('Google sign-in OAuth client; unset: off')),
  GOOGLE_CLIENT_SECRET: to(
    'google.clientSecret',
    text('client secret (required with the id)', { secret: true }),
  ),
  // An OpenID issuer is https; plain http only for a local provider (tests, development).
  GOOGLE_ISSUER_URL: to(
    'google.issuerUrl',
    text('OpenID issuer (discovery, JWKS)', {
      format: 'issuer-url',
      rule: 'must be an https URL (http only on a loopback address)',
      base: true,
      default: 'https://accounts.google.com',
    }),
  ),
  GEOIP_DATABASE: to('geoipDatabase', text('MaxMind .mmdb file giving form responses a geo')),
  CAPTCHA_VERIFY_URL: to('captcha.verifyUrl', httpUrl('captcha siteverify endpoint')),
  CAPTCHA_SECRET: to('captcha.secret', text('the captcha secret key', { secret: true })),
} satisfies Record<string, Variable>

/** A variable of the table: its schema and where it lands in `Config` (none: only rules read it). */
interface Variable<S extends TSchema = TSchema> {
  readonly schema: S
  readonly to?: ConfigField
  /** The checked value → the field's value, when they differ. */
  map?(value: Static<S>): unknown
}

/** An auth throttle limit (see src/modules/auth/throttle.ts): a count within the window. */
function throttle(field: keyof AuthThrottleLimits, value: number, description: string): Variable {
  return to(`authThrottles.${field}`, int(1, 1_000_000, value, description))
}

/** A variable landing in `Config` field `path` (`media.s3.bucket`): of its type, or turned into it by `map`. */
function to<P extends ConfigField, S extends TSchema>(
  path: P,
  schema: S,
  ...map: Static<S> extends FieldValue<Config, P>
    ? [map?: (value: Static<S>) => FieldValue<Config, P>]
    : [map: (value: Static<S>) => FieldValue<Config, P>]
): Variable<S> {
  return { schema, to: path, map: map[0] }
}

type Section<V> = Exclude<V, string | number | boolean | undefined | readonly unknown[]>
type ConfigField<T = Config> = {
  [K in keyof T & string]: [Section<T[K]>] extends [never] ? K : `${K}.${ConfigField<Section<T[K]>>}`
}[keyof T & string]
type FieldValue<T, P> = P extends `${infer K}.${infer Rest}`
  ? FieldValue<Section<T[K & keyof T]>, Rest>
  : T[P & keyof T]

type Name = keyof typeof VARIABLES
/** The checked variables; unset ones without a default are undefined. */
export type Values = { -readonly [N in Name]?: Static<(typeof VARIABLES)[N]['schema']> }
type Annotated = TSchema & {
  type?: string
  items?: Annotated
  rule?: string
  secret?: boolean
  base?: boolean
}

const TABLE = Object.entries(VARIABLES) as [Name, Variable][]
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost'])
/** Our own Ajv: every error at once (`allErrors`), defaults filled in, our annotations known. */
const validate = new Ajv({ allErrors: true, useDefaults: true })
  .addVocabulary(['rule', 'secret', 'base'])
  .addFormat('http-url', isHttpUrl)
  .addFormat('issuer-url', (url) => isHttpUrl(url) && (url.startsWith('https:') || isLoopback(url)))
  .compile(Type.Object(Object.fromEntries(TABLE.map(([name, { schema }]) => [name, Type.Optional(schema)]))))

/**
 * Checks `env` against the table in one pass (blank = unset): the values (text turned into numbers,
 * booleans and lists; defaults filled in) and a problem per invalid variable or list item, in the
 * table's order.
 */
export function readVariables(env: Record<string, string | undefined>): {
  values: Values
  problems: string[]
} {
  const texts: Partial<Record<Name, string>> = {}
  const values: Record<string, unknown> = {}
  for (const [name, { schema }] of TABLE) {
    const value = env[name]?.trim()
    if (!value) continue
    texts[name] = value
    values[name] = fromText(schema, value)
  }
  validate(values)
  const problems = (validate.errors ?? []).map(({ instancePath }) => {
    const [, name, item] = instancePath.split('/') as [string, Name, string?]
    const schema: Annotated = VARIABLES[name].schema
    const value = texts[name] ?? ''
    return item === undefined
      ? problemOf(name, schema, value)
      : problemOf(`${name} (each)`, schema.items as Annotated, listOf(value)[Number(item)] ?? '')
  })
  return { values: values as Values, problems: [...new Set(problems)] }
}

/** `NAME must …, got "…"`; the value is left out for secrets and whole lists. */
function problemOf(name: string, schema: Annotated, value: string): string {
  return `${name} ${schema.rule}${schema.secret || schema.type === 'array' ? '' : `, got "${value}"`}`
}

/** Environment text → the schema's type; text that is no number or boolean stays text (and fails). */
function fromText(schema: Annotated, value: string): unknown {
  if (schema.type === 'array') return listOf(value).map((item) => fromText(schema.items as Annotated, item))
  if (schema.type === 'string') return schema.base ? value.replace(/\/+$/, '') : value
  if (schema.type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value
}

/** Comma-separated items, trimmed; empty ones are dropped. */
function listOf(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

/**
 * The `Config` the table's variables give (`map` applied, unset ones undefined). Each variable's
 * type is checked against its field by `to`; `loadConfig` completes what other variables decide.
 */
export function configOf(values: Values): Config {
  const config: Record<string, unknown> = {}
  for (const [name, variable] of TABLE) {
    if (variable.to === undefined) continue
    const path = variable.to.split('.')
    const field = path.pop() as string
    let section = config
    for (const key of path) {
      section[key] ??= {}
      section = section[key] as Record<string, unknown>
    }
    section[field] = variable.map === undefined ? values[name] : variable.map(values[name])
  }
  return config as unknown as Config
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)
}

function isLoopback(url: string): boolean {
  return LOOPBACK_HOSTS.has(new URL(url).hostname)
}
