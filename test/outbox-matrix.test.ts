import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import { Value } from 'typebox/value'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberships, outbox, users, webhookDeliveries } from '../src/db/schema/index.js'
import { ACCOUNT_EVENT_TYPES, EVENTS, isEventType } from '../src/events/catalog.js'
import { newId } from '../src/lib/ids.js'
import { createGoogleRepository } from '../src/modules/auth/google-repository.js'
import { mailArriving, resetTokenIn, verificationTokenIn } from './auth-fixtures.js'
import { AUTHORS } from './collection-fixtures.js'
import { CONTACT_FIELDS } from './form-fixtures.js'
import {
  call,
  type SeededMember,
  seedApiToken,
  seedMember,
  seedTenant,
  seedUser,
  TEST_PASSWORD,
  uniqueEmail,
  useTestContext,
} from './helpers.js'
import { postExport } from './import-fixtures.js'
import { PDF_BYTES, presign, putUpload } from './media-fixtures.js'
import { invitationTokenFor } from './member-fixtures.js'
import { documentedOperations } from './route-table.js'
import { type SmtpSink, startSmtpSink } from './smtp-fixtures.js'
import { startReceiver } from './webhook-fixtures.js'

/**
 * Every write leaves the events it declares (docs/decisions/jobs-and-events.md "One catalog of
 * events"), generated from the route table: each POST, PUT, PATCH and DELETE of `/api/docs/json`
 * is performed successfully by a step below, and the outbox of the tenants involved gains exactly
 * one event, or the number `events` declares with its reason, each of a catalog type whose payload
 * passes the type's schema, recorded without a tenant exactly when it is an account event. A new
 * write route fails the test until it gets a step.
 */
const ADMIN_EMAIL = uniqueEmail('platform-admin')
const ctx = useTestContext({ OUTBOUND_ALLOW_PRIVATE: 'true', PLATFORM_ADMIN_EMAILS: ADMIN_EMAIL })
const SMTP_USER = 'matrix-mailer'
const SMTP_PASSWORD = 'smtp-Secret-9931'

interface Answer {
  statusCode: number
  body: string
  data: any
}

interface Step {
  /** `METHOD /path` as in the document. */
  route: string
  /** Prepares what the write needs, before the outbox is read (its events are not counted). */
  setup?: () => Promise<unknown>
  /** Runs the write once; its answer must be 2xx. */
  run: () => Promise<Answer>
  /** Events the write records (default 1); any other number says why. */
  events?: number
  why?: string
}

/** The records the steps make and use, filled in as they run. */
const s: Record<string, any> = {}
let owner: SeededMember
let receiver: Awaited<ReturnType<typeof startReceiver>>
let sink: SmtpSink
/** Tenants whose outbox rows are counted: A and the tenants the steps create. */
const tracked = new Set<string>()
/** Users whose account events (no tenant) are counted: the ones the steps act as or about. */
const trackedUsers = new Set<string>()

/** A call by A's owner, naming tenant A (routes for signed-in users need it named). */
const A = (method: string, url: string, body?: unknown) =>
  call(ctx.app, method as never, `${url}${url.includes('?') ? '&' : '?'}tenantId=${owner.tenantId}`, {
    token: owner.token,
    ...(body === undefined ? {} : { body }),
  })

/** Expects a 2xx answer and returns its data (for setup calls that are not counted). */
async function ok(answer: Promise<Answer>) {
  const response = await answer
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.data
}

async function membershipOf(userId: string, tenantId: string): Promise<string> {
  const [row] = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.tenantId, tenantId)))
  return row!.id
}

/** Waits until `count` mails to `to` have been written (mails leave through jobs). */
async function mailsTo(to: string, count: number) {
  const deadline = Date.now() + 5000
  for (;;) {
    let files: string[] = []
    try {
      files = readdirSync(join(ctx.dataDir, 'mail'))
    } catch {}
    const sent = files.filter((file) =>
      readFileSync(join(ctx.dataDir, 'mail', file), 'utf8').includes(`To: ${to}`),
    )
    if (sent.length >= count) return
    if (Date.now() > deadline) throw new Error(`${sent.length} of ${count} mails to ${to} within 5000 ms`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const EMPTY_EXPORT = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>Empty</title></channel></rss>`

const NO_EVENT = 0

const STEPS: Step[] = [
  // Accounts and sessions: account events are recorded once, without a tenant.
  {
    route: 'POST /api/auth/register',
    run: async () => {
      s.registered = uniqueEmail('registered')
      const answer = await call(ctx.app, 'POST', '/api/auth/register', {
        body: { email: s.registered, password: TEST_PASSWORD, firstName: 'Reg', lastName: 'Istered' },
      })
      trackedUsers.add(answer.data?.user?.id)
      return answer
    },
  },
  {
    route: 'POST /api/auth/resend-verification',
    events: NO_EVENT,
    why: 'sends a mail; changes no record of a tenant',
    run: () => call(ctx.app, 'POST', '/api/auth/resend-verification', { body: { email: s.registered } }),
  },
  {
    route: 'POST /api/auth/verify-email',
    // The resent mail's link replaces the first one's: read it once both have left.
    setup: () => mailsTo(s.registered, 2),
    run: async () => {
      const token = verificationTokenIn(await mailArriving(ctx.dataDir, s.registered))
      return call(ctx.app, 'POST', '/api/auth/verify-email', { body: { token } })
    },
  },
  {
    route: 'POST /api/auth/login',
    run: async () => {
      const answer = await call(ctx.app, 'POST', '/api/auth/login', {
        body: { email: s.acct.email, password: TEST_PASSWORD },
      })
      s.acctToken = answer.data?.token
      return answer
    },
  },
  {
    route: 'POST /api/auth/refresh',
    events: NO_EVENT,
    why: 'a session is not a domain record',
    run: async () => {
      const answer = await call(ctx.app, 'POST', '/api/auth/refresh', { token: s.acctToken, body: {} })
      s.acctToken = answer.data?.token ?? s.acctToken
      return answer
    },
  },
  {
    route: 'POST /api/auth/switch-tenant',
    events: NO_EVENT,
    why: 'a session is not a domain record',
    run: async () => {
      const answer = await call(ctx.app, 'POST', '/api/auth/switch-tenant', {
        token: s.acctToken,
        body: { tenantId: owner.tenantId },
      })
      s.acctToken = answer.data?.token ?? s.acctToken
      return answer
    },
  },
  {
    route: 'PUT /api/users/me',
    run: () => call(ctx.app, 'PUT', '/api/users/me', { token: s.acctToken, body: { firstName: 'Acct' } }),
  },
  {
    route: 'PUT /api/users/me/password',
    run: async () => {
      const answer = await call(ctx.app, 'PUT', '/api/users/me/password', {
        token: s.acctToken,
        body: { currentPassword: TEST_PASSWORD, newPassword: 'a second password' },
      })
      s.acctToken = answer.data?.token
      return answer
    },
  },
  {
    route: 'POST /api/auth/google/unlink',
    run: async () => {
      await createGoogleRepository(ctx.db).insertLink(s.acct.userId, `google-${newId()}`, s.acct.email)
      return call(ctx.app, 'POST', '/api/auth/google/unlink', {
        token: s.acctToken,
        body: { currentPassword: 'a second password' },
      })
    },
  },
  {
    route: 'POST /api/auth/forgot-password',
    events: NO_EVENT,
    why: 'queues a mail; the reset itself is the event',
    run: () => call(ctx.app, 'POST', '/api/auth/forgot-password', { body: { email: s.acct.email } }),
  },
  {
    route: 'POST /api/auth/reset-password',
    run: async () => {
      const token = resetTokenIn(
        await mailArriving(ctx.dataDir, s.acct.email, (mail) => /reset-password/.test(mail)),
      )
      return call(ctx.app, 'POST', '/api/auth/reset-password', { body: { token, password: TEST_PASSWORD } })
    },
  },
  {
    route: 'POST /api/auth/logout',
    events: NO_EVENT,
    why: 'a session is not a domain record',
    setup: async () => {
      s.login = await ok(
        call(ctx.app, 'POST', '/api/auth/login', { body: { email: s.acct.email, password: TEST_PASSWORD } }),
      )
    },
    run: () => call(ctx.app, 'POST', '/api/auth/logout', { token: s.login.token }),
  },
  {
    route: 'POST /api/auth/logout-all',
    events: NO_EVENT,
    why: 'a session is not a domain record',
    setup: async () => {
      s.login = await ok(
        call(ctx.app, 'POST', '/api/auth/login', { body: { email: s.acct.email, password: TEST_PASSWORD } }),
      )
    },
    run: () => call(ctx.app, 'POST', '/api/auth/logout-all', { token: s.login.token }),
  },
  {
    route: 'POST /api/feature-flags',
    run: async () => {
      s.admin ??= await seedUser(ctx.db, { email: ADMIN_EMAIL })
      const admin = s.admin
      trackedUsers.add(admin.userId)
      return call(ctx.app, 'POST', '/api/feature-flags', {
        token: admin.token,
        body: { key: `matrix-${newId().slice(0, 8)}`, label: 'Matrix' },
      })
    },
  },

  {
    route: 'POST /api/outbox/dead-letters/replay',
    events: NO_EVENT,
    why: 'an operator retries events already recorded; the platform logs it',
    run: async () => {
      s.admin ??= await seedUser(ctx.db, { email: ADMIN_EMAIL })
      const admin = s.admin
      return call(ctx.app, 'POST', '/api/outbox/dead-letters/replay', {
        token: admin.token,
        body: { consumer: 'webhooks', eventIds: [newId()] },
      })
    },
  },

  // Members of A.
  {
    route: 'POST /api/users/invite',
    run: () => {
      s.invitee = uniqueEmail('invitee')
      return A('POST', '/api/users/invite', { email: s.invitee, role: 'editor' })
    },
  },
  {
    route: 'POST /api/auth/invitations/accept',
    run: async () => {
      const token = await invitationTokenFor(ctx.dataDir, s.invitee)
      return call(ctx.app, 'POST', '/api/auth/invitations/accept', {
        body: { token, password: TEST_PASSWORD, firstName: 'In', lastName: 'Vitee' },
      })
    },
  },
  {
    route: 'POST /api/users',
    run: async () => {
      s.existing = await seedUser(ctx.db)
      const answer = await A('POST', '/api/users', { email: s.existing.email, role: 'viewer' })
      return answer
    },
  },
  {
    route: 'PUT /api/users/{id}',
    // Only an invited account that has not accepted yet may be corrected by the tenant.
    setup: async () => {
      s.pending = uniqueEmail('pending')
      await ok(A('POST', '/api/users/invite', { email: s.pending, role: 'viewer' }))
      const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, s.pending))
      s.pendingId = user!.id
    },
    run: () => A('PUT', `/api/users/${s.pendingId}`, { firstName: 'Corrected' }),
  },
  {
    route: 'POST /api/users/{id}/reinvite',
    run: () => A('POST', `/api/users/${s.pendingId}/reinvite`),
  },
  {
    route: 'POST /api/tenants/{id}/accept',
    run: () => call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/accept`, { token: s.existing.token }),
  },
  {
    route: 'PUT /api/users/{id}/role',
    run: () => A('PUT', `/api/users/${s.member.userId}/role`, { role: 'viewer' }),
  },
  {
    route: 'PATCH /api/users/{id}/toggle-status',
    run: () => A('PATCH', `/api/users/${s.member.userId}/toggle-status`),
  },
  {
    route: 'DELETE /api/users/{id}',
    run: () => A('DELETE', `/api/users/${s.member.userId}`),
  },
  {
    route: 'POST /api/memberships/{id}/leave',
    run: async () => {
      const leaver = await seedMember(ctx.db, owner.tenantId, 'viewer')
      const id = await membershipOf(leaver.userId, owner.tenantId)
      return call(ctx.app, 'POST', `/api/memberships/${id}/leave`, {
        token: leaver.token,
        body: { password: TEST_PASSWORD },
      })
    },
  },
  {
    route: 'DELETE /api/users/me',
    run: async () => {
      const leaver = await seedMember(ctx.db, owner.tenantId, 'viewer')
      return call(ctx.app, 'DELETE', '/api/users/me', {
        token: leaver.token,
        body: { currentPassword: TEST_PASSWORD, confirmation: leaver.email },
      })
    },
  },

  // Tenants: a founder's own tenant F.
  {
    route: 'POST /api/tenants',
    events: 2,
    why: 'tenant.created and the owner’s member.joined',
    run: async () => {
      s.founder = await seedUser(ctx.db)
      s.fSlug = `f-${newId().slice(0, 12)}`
      const answer = await call(ctx.app, 'POST', '/api/tenants', {
        token: s.founder.token,
        body: { name: 'Founded', slug: s.fSlug },
      })
      s.f = answer.data?.tenant?.id
      tracked.add(s.f)
      s.heir = await seedMember(ctx.db, s.f, 'admin')
      return answer
    },
  },
  {
    route: 'POST /api/tenants/{id}/transfer-ownership',
    run: () =>
      call(ctx.app, 'POST', `/api/tenants/${s.f}/transfer-ownership`, {
        token: s.founder.token,
        body: { email: s.heir.email, password: TEST_PASSWORD },
      }),
  },
  {
    route: 'POST /api/tenants/{id}/accept-transfer',
    events: 3,
    why: 'tenant.ownership-transferred and a member.role-changed for each of the two owners',
    run: async () => {
      const mail = await mailArriving(ctx.dataDir, s.heir.email, (text) => /accept-transfer/.test(text))
      const token = /accept-transfer\?tenant=[a-f0-9]{24}&token=([A-Za-z0-9_-]+)/.exec(mail)?.[1]
      return call(ctx.app, 'POST', `/api/tenants/${s.f}/accept-transfer`, {
        token: s.heir.token,
        body: { token },
      })
    },
  },
  {
    route: 'DELETE /api/tenants/{id}/transfer-ownership',
    // The heir, owner now, offers the tenant back to the founder (admin now), then withdraws it.
    setup: () =>
      ok(
        call(ctx.app, 'POST', `/api/tenants/${s.f}/transfer-ownership`, {
          token: s.heir.token,
          body: { email: s.founder.email, password: TEST_PASSWORD },
        }),
      ),
    run: () => call(ctx.app, 'DELETE', `/api/tenants/${s.f}/transfer-ownership`, { token: s.heir.token }),
  },
  {
    route: 'DELETE /api/tenants/{id}',
    run: () =>
      call(ctx.app, 'DELETE', `/api/tenants/${s.f}`, {
        token: s.heir.token,
        body: { currentPassword: TEST_PASSWORD, confirmation: s.fSlug },
      }),
  },
  {
    route: 'POST /api/tenants/{id}/restore',
    run: () =>
      call(ctx.app, 'POST', `/api/tenants/${s.f}/restore`, {
        token: s.heir.token,
        body: { currentPassword: TEST_PASSWORD, confirmation: s.fSlug },
      }),
  },

  // Settings, roles, tokens.
  {
    route: 'PUT /api/tenant-settings',
    run: () => A('PUT', '/api/tenant-settings', { metadata: { matrix: 1 } }),
  },
  {
    route: 'POST /api/tenant-settings/smtp/test',
    events: NO_EVENT,
    why: 'sends a test mail; changes no record',
    setup: () => {
      const smtp = {
        enabled: true,
        host: '127.0.0.1',
        port: sink.port,
        secure: false,
        requireTls: false,
        username: SMTP_USER,
        password: SMTP_PASSWORD,
        fromName: 'Matrix',
        fromEmail: 'news@matrix.example',
      }
      return ok(A('PUT', '/api/tenant-settings', { smtp }))
    },
    run: () => A('POST', '/api/tenant-settings/smtp/test'),
  },
  {
    route: 'POST /api/roles',
    run: async () => {
      const answer = await A('POST', '/api/roles', {
        key: 'reviewer',
        name: 'Reviewer',
        level: 20,
        permissions: ['content:view'],
      })
      s.role = answer.data?.role?.id
      return answer
    },
  },
  { route: 'PUT /api/roles/{id}', run: () => A('PUT', `/api/roles/${s.role}`, { name: 'Reviewer 2' }) },
  { route: 'DELETE /api/roles/{id}', run: () => A('DELETE', `/api/roles/${s.role}`) },
  {
    route: 'POST /api/api-tokens',
    run: async () => {
      const answer = await A('POST', '/api/api-tokens', { name: 'Matrix site' })
      s.apiToken = answer.data?.token?.id
      return answer
    },
  },
  { route: 'DELETE /api/api-tokens/{id}', run: () => A('DELETE', `/api/api-tokens/${s.apiToken}`) },

  // Taxonomies and contents.
  {
    route: 'POST /api/categories',
    run: async () => {
      const answer = await A('POST', '/api/categories', { name: 'News' })
      s.category = answer.data?.category?.id
      return answer
    },
  },
  {
    route: 'PUT /api/categories/{id}',
    run: () => A('PUT', `/api/categories/${s.category}`, { name: 'World' }),
  },
  {
    route: 'POST /api/categories/merge',
    setup: async () => {
      s.other = (await ok(A('POST', '/api/categories', { name: 'Other' }))).category.id
    },
    run: () => A('POST', '/api/categories/merge', { sourceId: s.other, targetId: s.category }),
  },
  { route: 'DELETE /api/categories/{id}', run: () => A('DELETE', `/api/categories/${s.category}`) },
  {
    route: 'POST /api/tags',
    run: async () => {
      const answer = await A('POST', '/api/tags', { title: 'Matrix' })
      s.tag = answer.data.tag.id
      return answer
    },
  },
  { route: 'PUT /api/tags/{id}', run: () => A('PUT', `/api/tags/${s.tag}`, { title: 'Matrix 2' }) },
  { route: 'DELETE /api/tags/{id}', run: () => A('DELETE', `/api/tags/${s.tag}`) },
  {
    route: 'POST /api/contents',
    run: async () => {
      const answer = await A('POST', '/api/contents', { title: 'Hello', html: '<p>Hi</p>' })
      s.content = answer.data?.content?.id
      return answer
    },
  },
  {
    route: 'PUT /api/contents/{id}',
    run: () => A('PUT', `/api/contents/${s.content}`, { title: 'Hello again' }),
  },
  {
    route: 'POST /api/contents/{id}/translations',
    setup: () => ok(A('PUT', '/api/tenant-settings', { locales: { available: ['en', 'tr'] } })),
    run: () => A('POST', `/api/contents/${s.content}/translations`, { locale: 'tr' }),
  },
  {
    route: 'PUT /api/contents/{id}/draft',
    setup: () => ok(A('PUT', `/api/contents/${s.content}`, { status: 'published' })),
    events: 0,
    why: 'a draft save changes nothing live: no event, so no webhook and no delivery cache change',
    run: () => A('PUT', `/api/contents/${s.content}/draft`, { title: 'Hello draft' }),
  },
  {
    route: 'POST /api/contents/{id}/draft/publish',
    run: () => A('POST', `/api/contents/${s.content}/draft/publish`, {}),
  },
  {
    route: 'DELETE /api/contents/{id}/draft',
    setup: () => ok(A('PUT', `/api/contents/${s.content}/draft`, { title: 'Hello second draft' })),
    events: 0,
    why: 'discarding a draft changes nothing live',
    run: () => A('DELETE', `/api/contents/${s.content}/draft`),
  },
  {
    route: 'POST /api/contents/{id}/preview-token',
    events: 0,
    why: 'a preview token changes nothing live and nothing another reader sees (docs/decisions/preview.md)',
    run: () => A('POST', `/api/contents/${s.content}/preview-token`, {}),
  },
  {
    route: 'PUT /api/presence/{resource}/{id}',
    events: NO_EVENT,
    why: 'presence lives in the shared store, not the database (docs/decisions/live.md "Presence")',
    run: () => A('PUT', `/api/presence/content/${s.content}`),
  },
  {
    route: 'DELETE /api/presence/{resource}/{id}',
    events: NO_EVENT,
    why: 'presence lives in the shared store, not the database',
    run: () => A('DELETE', `/api/presence/content/${s.content}`),
  },
  {
    route: 'POST /api/contents/{id}/versions/{versionId}/restore',
    run: async () => {
      const versions = await ok(A('GET', `/api/contents/${s.content}/versions`))
      const first = versions.versions.find((version: { version: number }) => version.version === 1)
      return A('POST', `/api/contents/${s.content}/versions/${first.id}/restore`)
    },
  },
  {
    route: 'POST /api/contents/{id}/versions/delete',
    run: async () => {
      const versions = await ok(A('GET', `/api/contents/${s.content}/versions`))
      const first = versions.versions.find((version: { version: number }) => version.version === 1)
      return A('POST', `/api/contents/${s.content}/versions/delete`, { versionIds: [first.id] })
    },
  },
  {
    route: 'POST /api/custom-field-definitions',
    run: async () => {
      const answer = await A('POST', '/api/custom-field-definitions', { key: 'subtitle', label: 'Subtitle' })
      s.definition = answer.data?.definition?.id
      return answer
    },
  },
  {
    route: 'PUT /api/custom-field-definitions/{id}',
    run: () => A('PUT', `/api/custom-field-definitions/${s.definition}`, { label: 'Sub' }),
  },
  {
    route: 'DELETE /api/custom-field-definitions/{id}',
    run: () => A('DELETE', `/api/custom-field-definitions/${s.definition}`),
  },

  // Media and galleries.
  {
    route: 'POST /api/media/presign',
    events: NO_EVENT,
    why: 'a grant to upload; the registration records the media',
    run: () =>
      A('POST', '/api/media/presign', {
        fileName: 'a.pdf',
        contentType: 'application/pdf',
        size: PDF_BYTES.length,
      }),
  },
  {
    route: 'POST /api/media',
    run: async () => {
      const grant = await presign(ctx.app, owner.token, {
        fileName: 'b.pdf',
        contentType: 'application/pdf',
        size: PDF_BYTES.length,
      })
      expect((await putUpload(ctx.app, grant.uploadUrl, PDF_BYTES, 'application/pdf')).statusCode).toBe(200)
      const answer = await A('POST', '/api/media', { key: grant.key })
      s.media = answer.data?.media?.id
      return answer
    },
  },
  {
    route: 'POST /api/media/register-existing',
    run: async () => {
      const grant = await presign(ctx.app, owner.token, {
        fileName: 'c.pdf',
        contentType: 'application/pdf',
        size: PDF_BYTES.length,
      })
      expect((await putUpload(ctx.app, grant.uploadUrl, PDF_BYTES, 'application/pdf')).statusCode).toBe(200)
      const answer = await A('POST', '/api/media/register-existing', { key: grant.key })
      s.media2 = answer.data?.media?.id
      return answer
    },
  },
  {
    route: 'POST /api/media/external',
    run: async () => {
      const answer = await A('POST', '/api/media/external', {
        url: 'https://cdn.example/a.jpg',
        title: 'Photo',
      })
      s.media3 = answer.data?.media?.id
      return answer
    },
  },
  {
    route: 'POST /api/media/copy-external',
    // An external file on a site of its own, copied into Folio: the record changes in place.
    setup: async () => {
      const site: Server = createServer((_request, response) =>
        response.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF_BYTES),
      )
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
      s.fileSite = site
      const answer = await A('POST', '/api/media/external', {
        url: `http://127.0.0.1:${(site.address() as { port: number }).port}/files/report.pdf`,
      })
      s.media4 = answer.data?.media?.id
    },
    run: async () => {
      const answer = await A('POST', '/api/media/copy-external', { ids: [s.media4] })
      await new Promise<void>((resolve) => (s.fileSite as Server).close(() => resolve()))
      return answer
    },
  },
  { route: 'PATCH /api/media/{id}', run: () => A('PATCH', `/api/media/${s.media}`, { title: 'Report' }) },
  {
    route: 'POST /api/media/bulk/tags',
    run: () => A('POST', '/api/media/bulk/tags', { ids: [s.media], tags: ['matrix'] }),
  },
  {
    route: 'POST /api/galleries',
    run: async () => {
      const answer = await A('POST', '/api/galleries', { title: 'Photos', items: [{ mediaId: s.media3 }] })
      s.gallery = answer.data?.gallery?.id
      return answer
    },
  },
  {
    route: 'PUT /api/galleries/{id}',
    run: () => A('PUT', `/api/galleries/${s.gallery}`, { title: 'Pictures' }),
  },
  {
    route: 'PUT /api/contents/{id}/galleries',
    run: () => A('PUT', `/api/contents/${s.content}/galleries`, { galleryIds: [s.gallery] }),
  },
  {
    route: 'POST /api/media/bulk/delete',
    run: () => A('POST', '/api/media/bulk/delete', { ids: [s.media2] }),
  },
  { route: 'DELETE /api/media/{id}', run: () => A('DELETE', `/api/media/${s.media}`) },
  { route: 'DELETE /api/galleries/{id}', run: () => A('DELETE', `/api/galleries/${s.gallery}`) },
  { route: 'DELETE /api/contents/{id}', run: () => A('DELETE', `/api/contents/${s.content}`) },

  // Collections.
  { route: 'POST /api/collections', run: () => A('POST', '/api/collections', AUTHORS) },
  {
    route: 'POST /api/collections/{key}/entries',
    run: async () => {
      const answer = await A('POST', '/api/collections/authors/entries', {
        data: { name: 'Ada' },
        status: 'published',
      })
      s.entry = answer.data?.entry?.id
      return answer
    },
  },
  {
    route: 'POST /api/public/queries/run',
    events: NO_EVENT,
    why: 'a read sent as POST',
    run: () =>
      call(ctx.app, 'POST', '/api/public/queries/run', {
        headers: { 'x-tenant-id': owner.tenantId },
        body: { collection: 'authors' },
      }),
  },
  {
    route: 'PUT /api/collections/{key}/entries/{id}',
    run: () => A('PUT', `/api/collections/authors/entries/${s.entry}`, { data: { bio: 'Analyst' } }),
  },
  {
    route: 'DELETE /api/collections/{key}/entries/{id}',
    run: () => A('DELETE', `/api/collections/authors/entries/${s.entry}`),
  },
  {
    route: 'PUT /api/collections/{key}',
    run: () => A('PUT', '/api/collections/authors', { status: 'archived' }),
  },
  { route: 'DELETE /api/collections/{key}', run: () => A('DELETE', '/api/collections/authors') },

  // Menus.
  {
    route: 'POST /api/menus',
    run: async () => {
      const answer = await A('POST', '/api/menus', { name: 'Main', location: 'header' })
      s.menu = answer.data?.menu?.id
      return answer
    },
  },
  { route: 'PUT /api/menus/{id}', run: () => A('PUT', `/api/menus/${s.menu}`, { name: 'Primary' }) },
  {
    route: 'POST /api/menus/{id}/items',
    run: async () => {
      const answer = await A('POST', `/api/menus/${s.menu}/items`, {
        title: 'Home',
        type: 'external',
        url: 'https://a.example/',
      })
      s.item = answer.data?.item?.id
      return answer
    },
  },
  {
    route: 'PUT /api/menus/{id}/items/{itemId}',
    run: () => A('PUT', `/api/menus/${s.menu}/items/${s.item}`, { title: 'Start' }),
  },
  {
    route: 'POST /api/menus/{id}/items/reorder',
    run: () =>
      A('POST', `/api/menus/${s.menu}/items/reorder`, {
        items: [{ id: s.item, parentId: null, position: 0 }],
      }),
  },
  {
    route: 'POST /api/menus/{id}/items/{itemId}/move',
    run: () => A('POST', `/api/menus/${s.menu}/items/${s.item}/move`, { parentId: null, position: 0 }),
  },
  {
    route: 'DELETE /api/menus/{id}/items/{itemId}',
    run: () => A('DELETE', `/api/menus/${s.menu}/items/${s.item}`),
  },
  { route: 'DELETE /api/menus/{id}', run: () => A('DELETE', `/api/menus/${s.menu}`) },

  // Placements.
  {
    route: 'POST /api/placements',
    run: async () => {
      const answer = await A('POST', '/api/placements', {
        slug: 'hero',
        name: 'Hero',
        status: 'active',
        experiences: [{ name: 'A', status: 'active', contentType: 'text', payload: { title: 'A' } }],
      })
      s.placement = answer.data?.placement?.id
      return answer
    },
  },
  {
    route: 'POST /api/placements/debug-decision',
    events: NO_EVENT,
    why: 'explains a decision; changes nothing',
    run: () =>
      A('POST', '/api/placements/debug-decision', {
        placement: 'hero',
        context: { path: '/', sessionId: 'matrix-session' },
      }),
  },
  {
    route: 'POST /api/public/placements/decide',
    events: NO_EVENT,
    why: 'a read sent as POST',
    run: () =>
      call(ctx.app, 'POST', '/api/public/placements/decide', {
        headers: { 'x-tenant-id': owner.tenantId },
        body: { placement: 'hero', context: { path: '/', sessionId: 'matrix-session' } },
      }),
  },
  {
    route: 'POST /api/public/placements/decide-batch',
    events: NO_EVENT,
    why: 'a read sent as POST',
    run: () =>
      call(ctx.app, 'POST', '/api/public/placements/decide-batch', {
        headers: { 'x-tenant-id': owner.tenantId },
        body: { placements: ['hero'], context: { path: '/', sessionId: 'matrix-session' } },
      }),
  },
  {
    route: 'POST /api/public/placements/events/batch',
    events: NO_EVENT,
    why: 'visitor analytics are counted, not domain events',
    run: async () => {
      const placement = await ok(A('GET', `/api/placements/${s.placement}`))
      return call(ctx.app, 'POST', '/api/public/placements/events/batch', {
        headers: { 'x-tenant-id': owner.tenantId },
        body: {
          events: [
            {
              placementId: s.placement,
              experienceId: placement.placement.experiences[0].id,
              type: 'view',
              sessionId: 's',
              path: '/',
            },
          ],
        },
      })
    },
  },
  {
    route: 'PUT /api/placements/{id}',
    run: () => A('PUT', `/api/placements/${s.placement}`, { name: 'Banner' }),
  },
  {
    route: 'POST /api/placements/{id}/experiences',
    run: async () => {
      const answer = await A('POST', `/api/placements/${s.placement}/experiences`, {
        name: 'B',
        contentType: 'text',
      })
      s.experience = answer.data?.experience?.id
      return answer
    },
  },
  {
    route: 'PUT /api/placements/{id}/experiences/{experienceId}',
    run: () => A('PUT', `/api/placements/${s.placement}/experiences/${s.experience}`, { name: 'C' }),
  },
  {
    route: 'DELETE /api/placements/{id}/experiences/{experienceId}',
    run: () => A('DELETE', `/api/placements/${s.placement}/experiences/${s.experience}`),
  },
  {
    route: 'POST /api/placements/{id}/duplicate',
    run: () => A('POST', `/api/placements/${s.placement}/duplicate`),
  },
  {
    route: 'POST /api/placements/{id}/archive',
    run: () => A('POST', `/api/placements/${s.placement}/archive`),
  },
  { route: 'DELETE /api/placements/{id}', run: () => A('DELETE', `/api/placements/${s.placement}`) },

  // Forms and responses.
  {
    route: 'POST /api/forms',
    run: async () => {
      const answer = await A('POST', '/api/forms', {
        title: 'Contact',
        fields: CONTACT_FIELDS,
        settings: { antiSpam: { minFillSeconds: 0 } },
      })
      s.form = answer.data?.form?.id
      return answer
    },
  },
  { route: 'PUT /api/forms/{id}', run: () => A('PUT', `/api/forms/${s.form}`, { title: 'Contact us' }) },
  { route: 'POST /api/forms/{id}/publish', run: () => A('POST', `/api/forms/${s.form}/publish`) },
  {
    route: 'POST /api/public/forms/{formId}/submit',
    run: async () => {
      const writeToken = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['write'] })
      const answer = await call(ctx.app, 'POST', `/api/public/forms/${s.form}/submit`, {
        headers: { 'x-tenant-id': owner.tenantId, 'x-api-key': writeToken },
        body: {
          data: { name: 'Visitor', email: 'visitor@a.example', topic: 'sales', age: 30, code: 'ABC-12' },
        },
      })
      s.response = answer.data?.responseId
      return answer
    },
  },
  {
    route: 'PATCH /api/forms/{id}/responses/{responseId}/status',
    run: () => A('PATCH', `/api/forms/${s.form}/responses/${s.response}/status`, { status: 'processed' }),
  },
  {
    route: 'POST /api/forms/{id}/responses/{responseId}/spam',
    run: () => A('POST', `/api/forms/${s.form}/responses/${s.response}/spam`),
  },
  {
    route: 'DELETE /api/forms/{id}/responses/{responseId}',
    run: () => A('DELETE', `/api/forms/${s.form}/responses/${s.response}`),
  },
  {
    route: 'DELETE /api/forms/{id}/responses/{responseId}/permanent',
    run: () => A('DELETE', `/api/forms/${s.form}/responses/${s.response}/permanent`),
  },
  { route: 'POST /api/forms/{id}/duplicate', run: () => A('POST', `/api/forms/${s.form}/duplicate`, {}) },
  { route: 'POST /api/forms/{id}/archive', run: () => A('POST', `/api/forms/${s.form}/archive`) },
  { route: 'POST /api/forms/{id}/restore/{version}', run: () => A('POST', `/api/forms/${s.form}/restore/1`) },
  { route: 'DELETE /api/forms/{id}', run: () => A('DELETE', `/api/forms/${s.form}`) },

  // Webhooks (last: from here on every event of A is delivered).
  {
    route: 'POST /api/webhooks/test',
    setup: () =>
      ok(
        A('PUT', '/api/tenant-settings', {
          webhook: {
            enabled: true,
            url: receiver.url('/ok/matrix'),
            secret: 'whsec_bWF0cml4LXNlY3JldC1vZi0yNC1ieXRlcw==',
          },
        }),
      ),
    run: () => A('POST', '/api/webhooks/test'),
  },
  {
    route: 'POST /api/webhooks/deliveries/{id}/redeliver',
    setup: async () => {
      await ok(A('POST', '/api/tags', { title: 'Delivered' }))
      await ctx.app.folio.platform.relay.wake()
      const [delivery] = await ctx.db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.tenantId, owner.tenantId), eq(webhookDeliveries.type, 'tag.created')))
      s.delivery = delivery!.id
    },
    run: () => A('POST', `/api/webhooks/deliveries/${s.delivery}/redeliver`, {}),
  },

  // A tenant export and import: the jobs write, the requests record nothing; the import's job
  // records the new tenant's events, in that tenant (docs/decisions/portability.md).
  {
    route: 'POST /api/tenants/{id}/exports',
    events: NO_EVENT,
    why: 'the export job writes the archive and records no event',
    run: async () => {
      const answer = await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/exports`, {
        token: owner.token,
        body: {},
      })
      s.export = answer.data?.export?.id
      return answer
    },
  },
  {
    route: 'DELETE /api/tenants/{id}/exports/{exportId}',
    events: NO_EVENT,
    why: 'an export is no tenant data: removing it records nothing',
    setup: async () => {
      for (let i = 0; i < 200; i++) {
        const read = await call(ctx.app, 'GET', `/api/tenants/${owner.tenantId}/exports/${s.export}`, {
          token: owner.token,
        })
        if (read.data?.export?.status === 'succeeded') break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const download = await ctx.app.inject({
        method: 'GET',
        url: `/api/tenants/${owner.tenantId}/exports/${s.export}/download`,
        headers: { authorization: `Bearer ${owner.token}` },
      })
      s.archive = download.rawPayload
    },
    run: () =>
      call(ctx.app, 'DELETE', `/api/tenants/${owner.tenantId}/exports/${s.export}`, { token: owner.token }),
  },
  {
    route: 'PUT /api/tenants/{id}/backups/schedule',
    events: NO_EVENT,
    why: 'a backup schedule, like an export, is no tenant data: setting it records nothing',
    run: () =>
      call(ctx.app, 'PUT', `/api/tenants/${owner.tenantId}/backups/schedule`, {
        token: owner.token,
        body: { frequency: 'off', keep: 3 },
      }),
  },
  {
    route: 'POST /api/tenants/imports',
    events: NO_EVENT,
    why: "the import job records the new tenant's events, in the new tenant",
    run: () =>
      call(ctx.app, 'POST', `/api/tenants/imports?slug=imported-${newId()}`, {
        token: owner.token,
        body: s.archive,
        headers: { 'content-type': 'application/gzip' },
      }),
  },

  // The import's items record their events later, in its job; an export without items has none.
  {
    route: 'POST /api/imports/wordpress',
    events: NO_EVENT,
    why: 'the import job records the events of the items it writes (none in an empty export)',
    run: () => postExport(ctx.app, owner.token, EMPTY_EXPORT),
  },
]

/** The outbox rows of the tracked tenants and the tracked users' account events, by id. */
async function trackedEvents() {
  const ids = [...trackedUsers]
  const rows = await ctx.db
    .select({ id: outbox.id, type: outbox.type, tenantId: outbox.tenantId, payload: outbox.payload })
    .from(outbox)
    .where(
      or(
        inArray(outbox.tenantId, [...tracked]),
        and(
          isNull(outbox.tenantId),
          or(inArray(outbox.subjectId, ids), inArray(sql`${outbox.actor}->>'id'`, ids)),
        ),
      ),
    )
  return new Map(rows.map((row) => [row.id, row]))
}

let writes: string[] = []

beforeAll(async () => {
  receiver = await startReceiver()
  sink = await startSmtpSink(SMTP_USER, SMTP_PASSWORD)
  owner = await seedTenant(ctx.db)
  tracked.add(owner.tenantId)
  s.acct = await seedMember(ctx.db, owner.tenantId, 'editor')
  s.member = await seedMember(ctx.db, owner.tenantId, 'editor')
  for (const user of [owner, s.acct, s.member]) trackedUsers.add(user.userId)
  writes = (await documentedOperations(ctx.app))
    .filter(({ method }) => method !== 'GET')
    .map(({ method, path }) => `${method} ${path}`)
    .sort()
}, 60_000)

afterAll(async () => {
  await receiver?.close()
  await sink?.close()
})

describe('the outbox matrix of every write route', () => {
  it('has one step for each write route of the document', () => {
    expect(writes.length).toBeGreaterThanOrEqual(100)
    expect(STEPS.map((step) => step.route).sort()).toEqual(writes)
  })

  it('records exactly the declared events for each write, each of a catalog type with a valid payload', async () => {
    const problems: string[] = []
    for (const step of STEPS) {
      let answer: Answer
      let before: Awaited<ReturnType<typeof trackedEvents>>
      try {
        await step.setup?.()
        before = await trackedEvents()
        answer = await step.run()
      } catch (err) {
        problems.push(`${step.route}: ${err instanceof Error ? err.message : String(err)}`)
        continue
      }
      if (answer.statusCode >= 300) {
        problems.push(`${step.route}: answered ${answer.statusCode} ${answer.body.slice(0, 200)}`)
        continue
      }
      const added = [...(await trackedEvents()).values()].filter((event) => !before.has(event.id))
      const expected = step.events ?? 1
      if (added.length !== expected) {
        problems.push(
          `${step.route}: ${added.length} events (${added.map((e) => e.type).join(', ')}), expected ${expected}`,
        )
      }
      for (const event of added) {
        if (!isEventType(event.type)) problems.push(`${step.route}: ${event.type} is not in the catalog`)
        else if (!Value.Check(EVENTS[event.type], event.payload)) {
          problems.push(`${step.route}: the ${event.type} payload does not match its schema`)
        } else if (ACCOUNT_EVENT_TYPES.has(event.type) !== (event.tenantId === null)) {
          problems.push(`${step.route}: ${event.type} recorded with tenant ${event.tenantId}`)
        }
      }
    }
    expect(problems).toEqual([])
  }, 300_000)

  it('declares a reason for every write that records another number of events than one', () => {
    const unexplained = STEPS.filter((step) => step.events !== undefined && step.events !== 1 && !step.why)
    expect(unexplained.map((step) => step.route)).toEqual([])
  })
})
