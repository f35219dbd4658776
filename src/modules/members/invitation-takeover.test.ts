import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { freshIp, login, mailArriving, verificationTokenIn } from '../../../test/auth-fixtures.js'
import {
  call,
  type SeededMember,
  seedTenant,
  TEST_PASSWORD,
  uniqueEmail,
  useTestContext,
} from '../../../test/helpers.js'
import { invitationTokenFor, invitationTokenIn } from '../../../test/member-fixtures.js'
import { type SmtpSink, startSmtpSink, textOf } from '../../../test/smtp-fixtures.js'
import { memberships, users } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'

// An invitation belongs to the invited address (docs/decisions/accounts.md): a tenant cannot take
// over another tenant's invitation by registering the address first or by reading its own SMTP.
const PLATFORM_ADMIN = `platform-${newId()}@example.test`
const ctx = useTestContext({ OUTBOUND_ALLOW_PRIVATE: 'true', PLATFORM_ADMIN_EMAILS: PLATFORM_ADMIN })

let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink('tenant-a', 'smtp-A-secret')
})
afterAll(() => sink.close())

/** Registers `email` (unverified) and answers the token of its verification link. */
async function register(email: string): Promise<string> {
  const registered = await call(ctx.app, 'POST', '/api/auth/register', {
    body: { email, password: TEST_PASSWORD, firstName: 'Eve', lastName: 'Early' },
    remoteAddress: freshIp(),
  })
  expect(registered.statusCode, registered.body).toBe(201)
  return verificationTokenIn(
    await mailArriving(ctx.dataDir, email, (mail) => mail.includes('/verify-email?token=')),
  )
}

async function signIn(email: string): Promise<string> {
  const response = await login(ctx.app, { email, password: TEST_PASSWORD })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.token
}

async function invite(owner: SeededMember, email: string) {
  const invited = await call(ctx.app, 'POST', `/api/users/invite?tenantId=${owner.tenantId}`, {
    token: owner.token,
    body: { email, role: 'admin' },
  })
  expect(invited.statusCode, invited.body).toBe(200)
}

async function membershipStatus(tenantId: string, email: string) {
  const [row] = await ctx.db
    .select({ status: memberships.status })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.tenantId, tenantId), eq(users.email, email)))
  return row?.status
}

const acceptTenant = (token: string, tenantId: string) =>
  call(ctx.app, 'POST', `/api/tenants/${tenantId}/accept`, { token })

/** Tenant A's owner points A's mail at a server they read. */
async function tenantReadingItsSmtp(): Promise<SeededMember> {
  const owner = await seedTenant(ctx.db)
  const saved = await call(ctx.app, 'PUT', '/api/tenant-settings', {
    token: owner.token,
    body: {
      smtp: {
        enabled: true,
        host: '127.0.0.1',
        port: sink.port,
        requireTls: false,
        username: 'tenant-a',
        password: 'smtp-A-secret',
        fromEmail: 'owner@tenant-a.example',
      },
    },
  })
  expect(saved.statusCode, saved.body).toBe(200)
  return owner
}

describe('accepting a membership without its invitation link', () => {
  it('needs an address verified through Folio mail: registering it first is not enough', async () => {
    const victim = uniqueEmail('cfo')
    const verification = await register(victim)
    const tenantB = await seedTenant(ctx.db)
    await invite(tenantB, victim)
    const token = await signIn(victim)
    const listed = await call(ctx.app, 'GET', '/api/tenants', { token })
    expect(
      listed.data.tenants.map((m: { tenantId: string; status: string }) => [m.tenantId, m.status]),
    ).toEqual([[tenantB.tenantId, 'pending']])

    const refused = await acceptTenant(token, tenantB.tenantId)
    expect(refused.statusCode).toBe(403)
    expect(refused.data).toEqual({
      error: 'EmailNotVerified',
      message: expect.stringContaining('needs a verified e-mail address'),
    })
    expect(await membershipStatus(tenantB.tenantId, victim)).toBe('pending')

    // The owner of the mailbox verifies it; then accepting from the list works.
    const verified = await call(ctx.app, 'POST', '/api/auth/verify-email', { body: { token: verification } })
    expect(verified.statusCode, verified.body).toBe(200)
    const accepted = await acceptTenant(token, tenantB.tenantId)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.data.membership).toMatchObject({
      tenantId: tenantB.tenantId,
      role: 'admin',
      status: 'active',
    })
  })
})

describe("a tenant's own SMTP server", () => {
  it('never carries the link of an invitation that creates an account: it goes through the platform mailer', async () => {
    const tenantA = await tenantReadingItsSmtp()
    const invited = uniqueEmail('new')
    const before = sink.received.length
    await invite(tenantA, invited)
    expect(await invitationTokenFor(ctx.dataDir, invited)).toHaveLength(43)
    expect(sink.received.slice(before)).toEqual([])
  })

  it('carries an existing account’s invitation, whose use proves nothing about the address', async () => {
    const tenantA = await tenantReadingItsSmtp()
    const tenantB = await seedTenant(ctx.db)
    const victim = uniqueEmail('cfo')
    await register(victim)
    await invite(tenantB, victim)
    const before = sink.received.length
    await invite(tenantA, victim)
    await vi.waitFor(() => expect(sink.received.length).toBeGreaterThan(before), { timeout: 15_000 })
    const [readByA] = sink.received.slice(before)
    expect(readByA?.to).toEqual([victim])
    const token = await signIn(victim)
    const accepted = await call(ctx.app, 'POST', '/api/auth/invitations/accept', {
      token,
      body: { token: invitationTokenIn(textOf(readByA)) },
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.data.user.emailVerified).toBe(false)

    const refused = await acceptTenant(accepted.data.token, tenantB.tenantId)
    expect(refused.statusCode).toBe(403)
    expect(refused.data.error).toBe('EmailNotVerified')
    expect(await membershipStatus(tenantB.tenantId, victim)).toBe('pending')
  })
})

describe("accepting one tenant's invitation", () => {
  it('activates that membership only; the account it sets up is verified by the platform mail', async () => {
    const tenantB = await seedTenant(ctx.db)
    const tenantA = await seedTenant(ctx.db)
    const invited = uniqueEmail('new')
    await invite(tenantB, invited)
    await invite(tenantA, invited)
    const accepted = await call(ctx.app, 'POST', '/api/auth/invitations/accept', {
      body: {
        token: invitationTokenIn(
          await mailArriving(ctx.dataDir, invited, (mail) => mail.includes(`Tenant ${tenantA.tenantId}`)),
        ),
        password: TEST_PASSWORD,
        firstName: 'Nina',
        lastName: 'Neu',
      },
    })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.data.membership.tenantId).toBe(tenantA.tenantId)
    expect(accepted.data.user.emailVerified).toBe(true)
    expect(await membershipStatus(tenantA.tenantId, invited)).toBe('active')
    expect(await membershipStatus(tenantB.tenantId, invited)).toBe('pending')
  })
})

describe('platform administrators', () => {
  it('are listed and verified: an unverified account with a listed address requests the default plan only', async () => {
    const verification = await register(PLATFORM_ADMIN)
    const token = await signIn(PLATFORM_ADMIN)
    const options = await call(ctx.app, 'GET', '/api/tenants/creation-options', { token })
    expect(options.data.plans.map((plan: { slug: string }) => plan.slug)).toEqual(['enterprise'])
    const create = (slug: string) =>
      call(ctx.app, 'POST', '/api/tenants', {
        token,
        body: { name: `Pro ${slug}`, slug, requestedPlanSlug: 'pro' },
      })
    const refused = await create(`pro-${newId()}`)
    expect(refused.statusCode).toBe(403)
    expect(refused.data.error).toBe('PlanNotAllowed')

    expect(
      (await call(ctx.app, 'POST', '/api/auth/verify-email', { body: { token: verification } })).statusCode,
    ).toBe(200)
    const listed = await call(ctx.app, 'GET', '/api/tenants/creation-options', { token })
    expect(listed.data.plans.map((plan: { slug: string }) => plan.slug)).toEqual([
      'free',
      'pro',
      'promax',
      'enterprise',
    ])
    const created = await create(`pro-${newId()}`)
    expect(created.statusCode, created.body).toBe(201)
    expect(created.data.tenant.plan).toBe('pro')
  })
})
