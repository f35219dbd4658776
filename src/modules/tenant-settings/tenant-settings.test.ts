import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  type SeededMember,
  seedApiToken,
  seedMember,
  seedTenant,
  useTestContext,
} from '../../../test/helpers.js'
import { putSettings, settingsOf as readSettings } from '../../../test/settings-fixtures.js'
import { outbox } from '../../db/schema/index.js'
import { OUTBOUND_REFUSED } from '../../lib/outbound.js'

const ctx = useTestContext()

const DEFAULTS = {
  smtp: {
    enabled: false,
    host: '',
    port: null,
    secure: false,
    requireTls: true,
    username: '',
    fromName: '',
    fromEmail: '',
    hasPassword: false,
  },
  webhook: { enabled: false, url: '', hasSecret: false },
  branding: { siteName: '', logoUrl: '', primaryColor: '', secondaryColor: '', description: '' },
  limits: {
    entries: null,
    media: null,
    users: null,
    apiCalls: null,
    publicApiCalls: null,
    adminApiCalls: null,
    emailPerMonth: null,
    custom: {},
  },
  edgeGateway: {
    publicReadEnabled: true,
    allowLocalhost: false,
    allowedOrigins: [],
    cacheMaxAgeSeconds: 60,
    staleWhileRevalidateSeconds: 300,
  },
  locales: { default: 'en', available: ['en'], fallbacks: {} },
  preview: { urls: {} },
  features: {},
  metadata: {},
}

const put = (member: SeededMember | string, body: unknown) => putSettings(ctx, member, body)
const settingsOf = (member: SeededMember | string) => readSettings(ctx, member)

describe('GET /api/tenant-settings', () => {
  it('answers every group with its defaults before anything was saved', async () => {
    const owner = await seedTenant(ctx.db)
    expect(await settingsOf(owner)).toEqual({
      tenantId: owner.tenantId,
      createdAt: null,
      updatedAt: null,
      ...DEFAULTS,
    })
  })

  it('lets owners, admins and editors read; authors, viewers 403; no credential 401', async () => {
    const owner = await seedTenant(ctx.db)
    for (const role of ['admin', 'editor']) {
      const member = await seedMember(ctx.db, owner.tenantId, role)
      expect((await settingsOf(member)).tenantId).toBe(owner.tenantId)
    }
    for (const role of ['author', 'viewer']) {
      const member = await seedMember(ctx.db, owner.tenantId, role)
      const response = await call(ctx.app, 'GET', '/api/tenant-settings', { token: member.token })
      expect(response.statusCode).toBe(403)
      expect(response.data.error).toBe('Forbidden')
    }
    const editorToken = await seedApiToken(ctx.db, owner.tenantId, { role: 'editor', scopes: ['read'] })
    expect((await settingsOf(editorToken)).tenantId).toBe(owner.tenantId)
    const anonymous = await call(ctx.app, 'GET', '/api/tenant-settings')
    expect(anonymous.statusCode).toBe(401)
  })

  it("acts on the caller's tenant only: B's owner reads B's settings, never A's", async () => {
    const a = await seedTenant(ctx.db)
    const b = await seedTenant(ctx.db)
    expect((await put(a, { branding: { siteName: 'Site A' } })).statusCode).toBe(200)
    expect((await put(b, { branding: { siteName: 'Site B' } })).statusCode).toBe(200)
    const seenByB = await settingsOf(b)
    expect(seenByB.tenantId).toBe(b.tenantId)
    expect(seenByB.branding.siteName).toBe('Site B')
    // Naming A's tenant does not help: B's owner is no member there, and B's token is B's.
    const named = await call(ctx.app, 'GET', `/api/tenant-settings?tenantId=${a.tenantId}`, {
      token: b.token,
    })
    expect(named.statusCode).toBe(403)
    const bToken = await seedApiToken(ctx.db, b.tenantId, { role: 'admin', scopes: ['read', 'write'] })
    const byHeader = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: bToken,
      headers: { 'x-tenant-id': a.tenantId },
      body: { branding: { siteName: 'Hijacked' } },
    })
    expect(byHeader.statusCode).toBe(403)
    expect((await settingsOf(a)).branding.siteName).toBe('Site A')
  })
})

describe('PUT /api/tenant-settings', () => {
  it('changes only the groups and members sent, and answers { settings }', async () => {
    const owner = await seedTenant(ctx.db)
    const first = await put(owner, { branding: { siteName: 'Ada Blog', primaryColor: '#1A2b3c' } })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.data.settings).toMatchObject({
      ...DEFAULTS,
      tenantId: owner.tenantId,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      branding: { ...DEFAULTS.branding, siteName: 'Ada Blog', primaryColor: '#1A2b3c' },
    })
    const second = await put(owner, { branding: { description: 'Notes' }, limits: { entries: 10 } })
    expect(second.data.settings.branding).toEqual({
      ...DEFAULTS.branding,
      siteName: 'Ada Blog',
      primaryColor: '#1A2b3c',
      description: 'Notes',
    })
    expect(second.data.settings.limits).toEqual({ ...DEFAULTS.limits, entries: 10 })
    expect(second.data.settings.smtp).toEqual(DEFAULTS.smtp)
    expect(await settingsOf(owner)).toEqual(second.data.settings)
  })

  it('clears strings and limits with null, replaces features, metadata and limits.custom whole', async () => {
    const owner = await seedTenant(ctx.db)
    const full = await put(owner, {
      smtp: {
        enabled: false,
        host: 'mail.example.com',
        port: 2525,
        secure: true,
        username: 'ada',
        fromName: 'Ada',
        fromEmail: 'ada@example.com',
      },
      webhook: { enabled: false, url: 'https://hooks.example.com/folio' },
      limits: {
        entries: 5,
        media: 0,
        users: 3,
        apiCalls: 1000,
        publicApiCalls: 800,
        adminApiCalls: 200,
        emailPerMonth: 50,
        custom: { forms: 2, menus: null },
      },
      edgeGateway: {
        publicReadEnabled: false,
        allowLocalhost: true,
        allowedOrigins: ['HTTPS://WWW.Example.com:443', 'https://*.example.org', 'http://localhost:8080'],
      },
      features: { contentScheduling: false, beta: true },
      metadata: { theme: { dark: true }, tags: ['a'] },
    })
    expect(full.statusCode, full.body).toBe(200)
    expect(full.data.settings.edgeGateway.allowedOrigins).toEqual([
      'https://www.example.com',
      'https://*.example.org',
      'http://localhost:8080',
    ])
    const cleared = await put(owner, {
      smtp: { host: null, port: null, username: null, fromName: null, fromEmail: null },
      webhook: { url: null },
      limits: { entries: null, adminApiCalls: null, custom: { forms: 7 } },
      features: { beta: false },
      metadata: {},
    })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect(cleared.data.settings).toMatchObject({
      smtp: { ...DEFAULTS.smtp, secure: true },
      webhook: DEFAULTS.webhook,
      limits: {
        entries: null,
        media: 0,
        users: 3,
        apiCalls: 1000,
        publicApiCalls: 800,
        adminApiCalls: null,
        emailPerMonth: 50,
        custom: { forms: 7 },
      },
      features: { beta: false },
      metadata: {},
    })
  })

  it('records settings.updated with the changed group names and no values; an unchanged PUT records nothing', async () => {
    const owner = await seedTenant(ctx.db)
    await put(owner, { branding: { siteName: 'One' }, smtp: { password: 'outbox-pass-1' } })
    await put(owner, { branding: { siteName: 'One' } })
    const events = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.tenantId, owner.tenantId), eq(outbox.type, 'settings.updated')))
    expect(events).toHaveLength(1)
    expect(events[0]?.payload).toEqual({ changed: ['smtp', 'branding'] })
  })

  it('answers 400 naming the member for every shape and limit it breaks, and saves nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const cases: [unknown, string][] = [
      [{ colour: 'red' }, 'colour'],
      [{ smtp: { hostname: 'x' } }, 'hostname'],
      [{ smtp: { hasPassword: true } }, 'hasPassword'],
      [{ webhook: { hasSecret: false } }, 'hasSecret'],
      [{ limits: { custom: { forms: 1 }, other: 1 } }, 'other'],
      [{ edgeGateway: { allowedOrigin: [] } }, 'allowedOrigin'],
      [{ tenantId: 'x' }, 'tenantId'],
      [{ smtp: { host: `${'a'.repeat(250)}.com` } }, 'host'],
      [{ smtp: { host: 'mail example.com' } }, 'host'],
      [{ smtp: { port: 0 } }, 'port'],
      [{ smtp: { port: 65536 } }, 'port'],
      [{ smtp: { port: '25' } }, 'port'],
      [{ smtp: { fromEmail: 'not-an-address' } }, 'fromEmail'],
      [{ smtp: { enabled: 'yes' } }, 'enabled'],
      [{ smtp: { password: 'x'.repeat(1025) } }, 'password'],
      [{ webhook: { url: `https://example.com/${'a'.repeat(2030)}` } }, 'url'],
      [{ webhook: { url: 'ftp://example.com/hook' } }, 'url'],
      [{ webhook: { url: 'https://user:pass@example.com/hook' } }, 'url'],
      [{ webhook: { enabled: true } }, 'url'],
      [{ branding: { logoUrl: 'javascript:alert(1)' } }, 'logoUrl'],
      [{ branding: { primaryColor: 'red' } }, 'primaryColor'],
      [{ branding: { secondaryColor: '#12345' } }, 'secondaryColor'],
      [{ branding: { siteName: 'x'.repeat(201) } }, 'siteName'],
      [{ branding: { siteName: null } }, 'siteName'],
      [{ branding: { description: 'x'.repeat(1001) } }, 'description'],
      [{ limits: { entries: -1 } }, 'entries'],
      [{ limits: { media: 1.5 } }, 'media'],
      [{ limits: { apiCalls: '100' } }, 'apiCalls'],
      [{ limits: { publicApiCalls: -1 } }, 'publicApiCalls'],
      [{ limits: { adminApiCalls: 1e12 } }, 'adminApiCalls'],
      [{ limits: { users: 1e12 } }, 'users'],
      [
        { limits: { custom: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`n${i}`, 1])) } },
        'custom',
      ],
      [{ limits: { custom: { 'bad name': 1 } } }, 'bad name'],
      [{ limits: { custom: { forms: -2 } } }, 'forms'],
      [{ features: { contentScheduling: 'on' } }, 'contentScheduling'],
      [{ features: { '9lives': true } }, '9lives'],
      [{ edgeGateway: { allowedOrigins: ['https://example.com/path'] } }, 'allowedOrigins'],
      [{ edgeGateway: { allowedOrigins: ['ftp://example.com'] } }, 'allowedOrigins'],
      [{ edgeGateway: { allowedOrigins: ['https://*'] } }, 'allowedOrigins'],
      [{ edgeGateway: { publicReadEnabled: null } }, 'publicReadEnabled'],
      [{ metadata: [] }, 'metadata'],
      [{ smtp: { enabled: true, fromEmail: 'a@example.com' } }, 'host'],
      [{ smtp: { enabled: true, host: 'mail.example.com' } }, 'fromEmail'],
    ]
    for (const [body, member] of cases) {
      const response = await put(owner, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
      // The message names the member in words ("The URL of the webhook"); `details` by its path.
      expect(JSON.stringify(response.data.details ?? response.data.message), JSON.stringify(body)).toContain(
        member,
      )
    }
    expect(await settingsOf(owner)).toMatchObject({ createdAt: null, ...DEFAULTS })
    // An empty PUT is valid and writes nothing.
    const empty = await put(owner, {})
    expect(empty.statusCode).toBe(200)
    expect(empty.data.settings.createdAt).toBeNull()
  })

  it('lets owners, admins and write-scoped admin tokens write; editors and read-only tokens 403; 401 without credentials', async () => {
    const owner = await seedTenant(ctx.db)
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    expect((await put(admin, { branding: { siteName: 'By admin' } })).statusCode).toBe(200)
    const adminToken = await seedApiToken(ctx.db, owner.tenantId, {
      role: 'admin',
      scopes: ['read', 'write'],
    })
    expect((await put(adminToken, { branding: { siteName: 'By token' } })).statusCode).toBe(200)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const readOnly = await seedApiToken(ctx.db, owner.tenantId, { role: 'admin', scopes: ['read'] })
    const editorToken = await seedApiToken(ctx.db, owner.tenantId, {
      role: 'editor',
      scopes: ['read', 'write'],
    })
    for (const token of [editor.token, readOnly, editorToken]) {
      const response = await put(token, { branding: { siteName: 'Nope' } })
      expect(response.statusCode).toBe(403)
    }
    expect((await call(ctx.app, 'PUT', '/api/tenant-settings', { body: {} })).statusCode).toBe(401)
    expect((await settingsOf(owner)).branding.siteName).toBe('By token')
  })

  it('refuses an SMTP host on a private address, or one that does not resolve, with one message, and saves nothing', async () => {
    const owner = await seedTenant(ctx.db)
    for (const host of [
      '127.0.0.1',
      '169.254.169.254',
      '10.0.0.1',
      'localhost',
      'no-such-host.folio-test.invalid',
    ]) {
      const response = await put(owner, {
        smtp: { enabled: true, host, port: 25, fromEmail: 'ada@example.com' },
      })
      expect(response.statusCode, host).toBe(400)
      expect(response.data.message).toBe(`The SMTP server ${host} could not be used: ${OUTBOUND_REFUSED}`)
    }
    expect((await settingsOf(owner)).smtp).toEqual(DEFAULTS.smtp)
  })

  it('refuses a webhook URL on a private, loopback or link-local address when saved, and saves every host name alike', async () => {
    const owner = await seedTenant(ctx.db)
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://169.254.169.254/latest/meta-data',
      'https://10.1.2.3/hook',
      'http://[::ffff:192.168.0.1]/hook',
      'http://localhost:3000/hook',
      'http://api.localhost/hook',
    ]) {
      const response = await put(owner, { webhook: { enabled: true, url } })
      expect(response.statusCode, url).toBe(400)
      expect(response.data).toEqual({
        error: 'ValidationFailed',
        message: `webhook.url: ${OUTBOUND_REFUSED}`,
        details: [{ path: 'body/webhook/url', message: OUTBOUND_REFUSED }],
      })
    }
    expect((await settingsOf(owner)).webhook).toEqual(DEFAULTS.webhook)
    // A host name is not resolved when saved (every delivery checks it, with the same message for
    // every refusal), so saving cannot tell a name the server's network knows from one it does not.
    for (const url of ['https://hooks.example.invalid/folio', 'http://intranet.folio-test.internal/hook']) {
      const saved = await put(owner, { webhook: { enabled: true, url } })
      expect(saved.statusCode, saved.body).toBe(200)
      expect(saved.data.settings.webhook.url).toBe(url)
    }
  })
})
