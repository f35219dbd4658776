import { resolve } from 'node:path'
import { Ajv } from 'ajv'
import { type Static, type TSchema, Type } from 'typebox'
import type { Config, CoreConfig } from './config.js'
import {
  baseUrl,
  connection,
  fieldsOf,
  int,
  isOn,
  list,
  MiB,
  oneOf,
  onOff,
  secretKey,
  text,
  type Variable,
} from './config-variables.js'
import { mergeOwned } from './lib/registry.js'
import { FAMILY_VARIABLES } from './modules/declarations.js'

/**
 * The table of every environment variable Folio reads (docs/decisions/configuration.md
 * "Configuration is read once, at start"): per variable its TypeBox schema (type, bounds, enum,
 * pattern, default, description) and the `Config` field it lands in, checked by type
 * (config-variables.ts). The platform's own variables are below; each family declares the ones only
 * it reads in its `declarations.ts`. The README's "Configuration" tables list the same variables
 * (config.test.ts compares them).
 */

export const PLAN_SLUGS = ['free', 'pro', 'promax', 'enterprise'] as const
export type PlanSlug = (typeof PLAN_SLUGS)[number]
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

const to = fieldsOf<CoreConfig>()

/** The platform's own variables. */
const PLATFORM_VARIABLES = {
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
  PLATFORM_ADMIN_EMAILS: to('platformAdminEmails', list(Type.String(), 'platform administrators'), (emails) =>
    emails.map((email) => email.toLowerCase()),
  ),
  DEFAULT_TENANT_PLAN: to('defaultTenantPlan', oneOf(PLAN_SLUGS, 'enterprise', 'plan of new tenants')),
  LOG_LEVEL: to('logLevel', oneOf(LOG_LEVELS, 'info', 'pino level')),
  TRUST_PROXY: to('trustProxy', list(Type.String(), 'proxies whose X-Forwarded-For counts'), (proxies) =>
    proxies.length === 0 ? false : proxies,
  ),
  BODY_LIMIT_BYTES: to('bodyLimitBytes', int(1024, 2 ** 31, 10 * MiB, 'largest request body (bytes)')),
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
} satisfies Record<string, Variable>

/** Every variable: the platform's, then each family's (a name two declare fails at load). */
export const VARIABLES = mergeOwned('The configuration variable', {
  'the platform': PLATFORM_VARIABLES,
  'the families': FAMILY_VARIABLES,
})

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
