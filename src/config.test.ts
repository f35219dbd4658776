import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { TSchemaOptions } from 'typebox'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.js'
import { VARIABLES } from './config-schema.js'

const SECRET = 's'.repeat(32)

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
  } catch (err) {
    if (err instanceof ConfigError) return err.problems
    throw err
  }
  return []
}

describe('loadConfig', () => {
  it('gives every default for an empty environment (but the secret)', () => {
    expect(loadConfig({ APP_SECRET: SECRET })).toEqual({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      appUrl: 'http://localhost:3000/admin',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      databaseStatementTimeoutMs: 30_000,
      redisUrl: undefined,
      appSecret: SECRET,
      appSecretPrevious: [],
      smtpUrl: undefined,
      mailFrom: 'Folio <no-reply@localhost>',
      tenantPlatformMailPerDay: 200,
      platformAdminEmails: [],
      defaultTenantPlan: 'enterprise',
      deliveryCacheMaxBytes: 64 * 1024 * 1024,
      logLevel: 'info',
      trustProxy: false,
      bodyLimitBytes: 10_485_760,
      authThrottles: {
        windowSeconds: 900,
        loginIp: 50,
        loginAccountIp: 5,
        loginAccount: 100,
        currentPassword: 5,
        registerIp: 20,
        resendIp: 5,
        forgotIp: 10,
        forgotAccount: 3,
        resetIp: 20,
      },
      importMaxBytes: 52_428_800,
      exportRetentionHours: 168,
      tenantImportMaxBytes: 2_147_483_648,
      live: {
        streamsPerTenant: 2000,
        streamsPerNetwork: 20,
        heartbeatMs: 25_000,
        replayWindowSeconds: 3600,
        replayMaxEvents: 1000,
        presenceLapseMs: 40_000,
      },
      activityRetentionDays: 180,
      outboxRetentionDays: 7,
      contentVersionsMax: 100,
      outboxRelay: true,
      outboundAllowPrivate: false,
      webhookRetryDelaysSeconds: [5, 300, 1800, 7200, 18_000, 36_000, 36_000],
      webhookConcurrency: 32,
      webhookReceiverConcurrency: 4,
      metering: true,
      tenantDeletionGraceMs: 30 * 24 * 3600 * 1000,
      media: {
        driver: 'local',
        maxUploadBytes: 104_857_600,
        publicUrl: 'http://localhost:3000',
        presignTtlSeconds: 300,
        maxImagePixels: 50_000_000,
        s3: undefined,
      },
      google: undefined,
      geoipDatabase: undefined,
      captcha: undefined,
      publicQueryTimeoutMs: 2000,
      publicClientLimit: 600,
      workerThreads: 2,
      workerTaskTimeoutMs: 10_000,
    })
  })

  it('reads every kind of value: numbers, lists, on/off, booleans, URLs without trailing slashes', () => {
    const config = loadConfig({
      APP_SECRET: SECRET,
      PORT: ' 8080 ',
      HOST: '   ',
      PUBLIC_URL: 'https://cms.example//',
      PLATFORM_ADMIN_EMAILS: ' Ada@Example.com, ,bob@example.com,',
      TRUST_PROXY: '10.0.0.1, 10.0.0.0/8',
      APP_SECRET_PREVIOUS: `${'a'.repeat(32)}, ${'b'.repeat(40)}`,
      WEBHOOK_RETRY_DELAYS: '0, 60',
      OUTBOX_RELAY: 'off',
      METERING: 'off',
      AUTH_THROTTLES: 'off',
      OUTBOUND_ALLOW_PRIVATE: 'true',
      PUBLIC_CLIENT_LIMIT: 'off',
      TENANT_DELETION_GRACE_DAYS: '0.5',
      DEFAULT_TENANT_PLAN: 'free',
      LOG_LEVEL: 'silent',
    })
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://cms.example',
      appUrl: 'https://cms.example/admin',
      platformAdminEmails: ['ada@example.com', 'bob@example.com'],
      trustProxy: ['10.0.0.1', '10.0.0.0/8'],
      appSecretPrevious: ['a'.repeat(32), 'b'.repeat(40)],
      webhookRetryDelaysSeconds: [0, 60],
      outboxRelay: false,
      metering: false,
      authThrottles: false,
      outboundAllowPrivate: true,
      publicClientLimit: false,
      tenantDeletionGraceMs: 12 * 3600 * 1000,
      defaultTenantPlan: 'free',
      logLevel: 'silent',
      media: { publicUrl: 'https://cms.example' },
    })
    expect(Object.isFrozen(config)).toBe(true)
    expect(Object.isFrozen(config.media)).toBe(true)
    expect(Object.isFrozen(config.platformAdminEmails)).toBe(true)
  })

  it('reports several bad variables at once, in the order of the table: the platform’s, then the families’', () => {
    expect(
      problemsOf({
        PORT: 'eighty',
        APP_URL: 'ftp://example.com',
        LOG_LEVEL: 'loud',
        BODY_LIMIT_BYTES: '1.5',
        AUTH_THROTTLES: 'maybe',
        AUTH_LOGIN_IP_LIMIT: '0',
        OUTBOX_RELAY: 'sometimes',
        OUTBOUND_ALLOW_PRIVATE: 'yes',
        WEBHOOK_RETRY_DELAYS: '5, soon, -1',
        MEDIA_DRIVER: 'ftp',
        GOOGLE_ISSUER_URL: 'http://accounts.example.com',
      }),
    ).toEqual([
      'PORT must be an integer from 0 to 65535, got "eighty"',
      'APP_URL must be an http(s) URL, got "ftp://example.com"',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
      'BODY_LIMIT_BYTES must be an integer from 1024 to 2147483648, got "1.5"',
      'OUTBOX_RELAY must be on or off, got "sometimes"',
      'OUTBOUND_ALLOW_PRIVATE must be true or false, got "yes"',
      // Then the families' variables, family by family (src/modules/declarations.ts).
      'AUTH_THROTTLES must be on or off, got "maybe"',
      'AUTH_LOGIN_IP_LIMIT must be an integer from 1 to 1000000, got "0"',
      'GOOGLE_ISSUER_URL must be an https URL (http only on a loopback address), got "http://accounts.example.com"',
      'MEDIA_DRIVER must be local or s3, got "ftp"',
      'WEBHOOK_RETRY_DELAYS (each) must be an integer from 0 to 604800, got "soon"',
      'WEBHOOK_RETRY_DELAYS (each) must be an integer from 0 to 604800, got "-1"',
    ])
  })

  it.each([
    [
      { DEFAULT_TENANT_PLAN: 'gold' },
      'DEFAULT_TENANT_PLAN must be one of free, pro, promax, enterprise, got "gold"',
    ],
    [{ METERING: 'no' }, 'METERING must be on or off, got "no"'],
    [{ PORT: '65536' }, 'PORT must be an integer from 0 to 65535, got "65536"'],
    [{ IMPORT_MAX_BYTES: '1023' }, 'IMPORT_MAX_BYTES must be an integer from 1024 to 2147483648, got "1023"'],
    [{ CONTENT_VERSIONS_MAX: '1e3' }, 'CONTENT_VERSIONS_MAX must be an integer from 1 to 10000, got "1e3"'],
    [
      { PUBLIC_QUERY_TIMEOUT_MS: '49' },
      'PUBLIC_QUERY_TIMEOUT_MS must be an integer from 50 to 60000, got "49"',
    ],
    [
      { PUBLIC_CLIENT_LIMIT: '1.5' },
      'PUBLIC_CLIENT_LIMIT must be an integer from 0 to 1000000, or off, got "1.5"',
    ],
    [
      { TENANT_DELETION_GRACE_DAYS: '3651' },
      'TENANT_DELETION_GRACE_DAYS must be a number of days from 0 to 3650, got "3651"',
    ],
    [{ WEBHOOK_RETRY_DELAYS: Array(21).fill('1').join(',') }, 'WEBHOOK_RETRY_DELAYS lists at most 20 delays'],
    [{ PUBLIC_URL: 'cms.example' }, 'PUBLIC_URL must be an http(s) URL, got "cms.example"'],
    [{ S3_PUBLIC_URL: 'ftp://files' }, 'S3_PUBLIC_URL must be an http(s) URL, got "ftp://files"'],
    [
      { CAPTCHA_VERIFY_URL: 'siteverify', CAPTCHA_SECRET: 'c' },
      'CAPTCHA_VERIFY_URL must be an http(s) URL, got "siteverify"',
    ],
  ])('refuses %o', (env, problem) => {
    expect(problemsOf({ APP_SECRET: SECRET, ...env })).toEqual([problem])
  })

  it('never repeats a secret or a connection URL in a problem', () => {
    expect(
      problemsOf({
        DATABASE_URL: 'mysql://root:hunter2@db',
        REDIS_URL: 'http://:hunter2@cache',
        SMTP_URL: 'mail://user:hunter2@mail',
        APP_SECRET: 'hunter2',
        APP_SECRET_PREVIOUS: `${'a'.repeat(32)},hunter2,hunter3`,
      }),
    ).toEqual([
      'DATABASE_URL must be memory:// or a postgres:// URL (unset = embedded PGlite in DATA_DIR)',
      'REDIS_URL must be a redis:// URL',
      'APP_SECRET must be at least 32 characters',
      'APP_SECRET_PREVIOUS (each) must be at least 32 characters',
      'SMTP_URL must be an smtp:// URL',
    ])
  })

  it('checks the rules between variables after the schemas, every problem still at once', () => {
    expect(
      problemsOf({
        PORT: 'x',
        DATABASE_URL: 'postgres://db/folio',
        MEDIA_DRIVER: 's3',
        S3_BUCKET: 'media',
        GOOGLE_CLIENT_SECRET: 'g',
        CAPTCHA_VERIFY_URL: 'https://captcha.example/siteverify',
      }),
    ).toEqual([
      'PORT must be an integer from 0 to 65535, got "x"',
      'APP_SECRET is required with a PostgreSQL DATABASE_URL (generate one: openssl rand -base64 48)',
      'S3_ACCESS_KEY_ID is required with MEDIA_DRIVER=s3',
      'S3_SECRET_ACCESS_KEY is required with MEDIA_DRIVER=s3',
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together',
      'CAPTCHA_VERIFY_URL and CAPTCHA_SECRET are set together',
    ])
    expect(problemsOf({ APP_SECRET: SECRET, GOOGLE_CLIENT_ID: 'id' })).toEqual([
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set together',
    ])
  })

  it('derives the defaults that follow other variables and the optional sections', () => {
    const config = loadConfig({
      APP_SECRET: SECRET,
      PORT: '8080',
      MEDIA_DRIVER: 's3',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'key',
      S3_PUBLIC_URL: 'https://files.example/',
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER_URL: 'http://127.0.0.1:9090/',
      CAPTCHA_VERIFY_URL: 'https://captcha.example/siteverify',
      CAPTCHA_SECRET: 'captcha-secret',
    })
    expect(config.appUrl).toBe('http://localhost:8080/admin')
    expect(config.media).toEqual({
      driver: 's3',
      maxUploadBytes: 104_857_600,
      publicUrl: 'https://files.example',
      presignTtlSeconds: 300,
      maxImagePixels: 50_000_000,
      s3: {
        bucket: 'media',
        region: 'us-east-1',
        endpoint: undefined,
        accessKeyId: 'id',
        secretAccessKey: 'key',
      },
    })
    expect(config.google).toEqual({
      clientId: 'client',
      clientSecret: 'google-secret',
      issuerUrl: 'http://127.0.0.1:9090',
      allowInsecureIssuer: true,
    })
    expect(config.captcha).toEqual({
      verifyUrl: 'https://captcha.example/siteverify',
      secret: 'captcha-secret',
    })
    expect(
      loadConfig({ APP_SECRET: SECRET, GOOGLE_CLIENT_ID: 'c', GOOGLE_CLIENT_SECRET: 's' }).google,
    ).toEqual({
      clientId: 'c',
      clientSecret: 's',
      issuerUrl: 'https://accounts.google.com',
      allowInsecureIssuer: false,
    })
    // S3 variables without the s3 driver leave no section behind.
    expect(loadConfig({ APP_SECRET: SECRET, S3_BUCKET: 'media' }).media.s3).toBeUndefined()
  })

  it('keeps a generated secret in DATA_DIR/secret on the embedded database, a fresh one in memory', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'folio-config-'))
    const first = loadConfig({ DATA_DIR: dataDir }).appSecret
    expect(first).toHaveLength(64)
    expect(readFileSync(join(dataDir, 'secret'), 'utf8')).toBe(first)
    expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(first)
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'memory://' }).appSecret).not.toBe(first)
  })
})

describe('the table of variables', () => {
  it('describes every variable', () => {
    const undescribed = Object.entries(VARIABLES).filter(
      ([, { schema }]) => !(schema as TSchemaOptions).description,
    )
    expect(undescribed.map(([name]) => name)).toEqual([])
  })

  it('lists the same variables as the README "Configuration" tables, each with its default', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    const section = readme.slice(readme.indexOf('\n## Configuration'), readme.indexOf('\n### Running on'))
    const rows = section.split('\n').filter((line) => line.startsWith('| `'))
    const namesOf = (row: string) =>
      [...(row.split('|')[1] ?? '').matchAll(/`(\w+)`/g)].map((match) => match[1])
    expect(rows.flatMap(namesOf).sort()).toEqual(Object.keys(VARIABLES).sort())
    for (const [name, { schema }] of Object.entries(VARIABLES)) {
      const fallback = (schema as TSchemaOptions).default
      const value = Array.isArray(fallback) ? fallback.join(',') : fallback
      if (value === undefined || value === '') continue
      const row = rows.find((line) => namesOf(line).includes(name))
      expect(row, name).toContain(`\`${value}\``)
    }
  })
})
