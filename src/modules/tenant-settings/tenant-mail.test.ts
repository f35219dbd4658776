import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { mailArriving } from '../../../test/auth-fixtures.js'
import {
  call,
  lastMailTo,
  type SeededMember,
  seedMember,
  seedTenant,
  TEST_PASSWORD,
  uniqueEmail,
  useTestContext,
} from '../../../test/helpers.js'
import { secondInstance } from '../../../test/instance-fixtures.js'
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-fixtures.js'
import { deleteTenant } from '../../../test/tenant-fixtures.js'
import { users } from '../../db/schema/index.js'

// A loopback SMTP server stands in for a tenant's own: the private-address switch is on here only.
const ctx = useTestContext({ OUTBOUND_ALLOW_PRIVATE: 'true', TENANT_PLATFORM_MAIL_PER_DAY: '2' })
let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink('tenant-mailer', 'smtp-Secret-8812')
})
afterAll(() => sink.close())

const sendTest = (member: SeededMember, app = ctx.app) =>
  call(app, 'POST', '/api/tenant-settings/smtp/test', { token: member.token })
const invite = (member: SeededMember, email: string) =>
  call(ctx.app, 'POST', `/api/users/invite?tenantId=${member.tenantId}`, {
    token: member.token,
    body: { email, role: 'editor' },
  })
const offer = (owner: SeededMember, email: string) =>
  call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/transfer-ownership`, {
    token: owner.token,
    body: { email, password: TEST_PASSWORD },
  })
const putSettings = (member: SeededMember, body: unknown) =>
  call(ctx.app, 'PUT', '/api/tenant-settings', { token: member.token, body })
const verified = (member: SeededMember, at: Date | null) =>
  ctx.db.update(users).set({ emailVerifiedAt: at }).where(eq(users.id, member.userId))

/** Waits until no mail job is waiting or running. */
async function mailJobsSettled() {
  const schema = sql.identifier(ctx.jobsSchema ?? 'pgboss')
  await vi.waitFor(
    async () => {
      const result = await ctx.db.execute(
        sql`select count(*)::int as n from ${schema}.job
          where name like 'mail.%' and state in ('created', 'retry', 'active')`,
      )
      const [row] = (result as unknown as { rows: { n: number }[] }).rows
      if (row?.n !== 0) throw new Error(`${row?.n} mail jobs still to run`)
    },
    { timeout: 15_000, interval: 50 },
  )
}

const NO_VERIFIED_OWNER = {
  error: 'EmailNotVerified',
  message:
    'Folio mails for a tenant only once one of its owners has verified their e-mail address: verify it (the link in the verification mail, or ask for a new one), then try again.',
}

describe("Folio's mail for a tenant", () => {
  it('sends nothing but verification for a tenant whose owners have not verified an address', async () => {
    const owner = await seedTenant(ctx.db)
    const member = await seedMember(ctx.db, owner.tenantId, 'editor')
    await verified(owner, null)

    expect((await sendTest(owner)).data).toEqual(NO_VERIFIED_OWNER)
    const invitee = uniqueEmail('invitee')
    const invited = await invite(owner, invitee)
    expect(invited.statusCode).toBe(403)
    expect(invited.data).toEqual(NO_VERIFIED_OWNER)
    const offered = await offer(owner, member.email)
    expect(offered.statusCode).toBe(403)
    expect(offered.data).toEqual(NO_VERIFIED_OWNER)
    // A verified admin does not stand in for an owner.
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    expect((await invite(admin, invitee)).data).toEqual(NO_VERIFIED_OWNER)

    // Verification is not a tenant's mail: the owner still gets theirs.
    const resent = await call(ctx.app, 'POST', '/api/auth/resend-verification', {
      body: { email: owner.email },
    })
    expect(resent.statusCode, resent.body).toBe(200)
    expect(
      await mailArriving(ctx.dataDir, owner.email, (mail) => mail.includes('Verify your e-mail address')),
    ).toBeDefined()

    await verified(owner, new Date())
    expect((await invite(owner, invitee)).statusCode).toBe(200)
    expect(await mailArriving(ctx.dataDir, invitee, () => true, 15_000)).toContain('You are invited')
  })

  it('mails no notice about a deleted tenant to its members while no owner has verified an address', async () => {
    const owner = await seedTenant(ctx.db)
    const member = await seedMember(ctx.db, owner.tenantId, 'editor')
    const witness = await seedTenant(ctx.db)
    const witnessMember = await seedMember(ctx.db, witness.tenantId, 'editor')
    await verified(owner, null)
    expect((await deleteTenant(ctx, owner.token, owner.tenantId)).statusCode).toBe(200)
    expect((await deleteTenant(ctx, witness.token, witness.tenantId)).statusCode).toBe(200)
    await mailArriving(ctx.dataDir, witnessMember.email, () => true, 15_000)
    await mailJobsSettled()
    expect(lastMailTo(ctx.dataDir, member.email)).toBeUndefined()
  })

  it('takes only a verified member as the test mail recipient', async () => {
    const owner = await seedTenant(ctx.db)
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    await verified(admin, null)
    const refused = await sendTest(admin)
    expect(refused.statusCode).toBe(403)
    expect(refused.data).toEqual({
      error: 'EmailNotVerified',
      message: `${admin.email} is not a member of this tenant with a verified e-mail address: Folio's own mail reaches only those; other recipients need the tenant's SMTP server (tenant settings, smtp).`,
    })
  })

  it('sends at most TENANT_PLATFORM_MAIL_PER_DAY mails a day for a tenant, which the tenant cannot raise', async () => {
    const owner = await seedTenant(ctx.db)
    const member = await seedMember(ctx.db, owner.tenantId, 'editor')
    expect((await putSettings(owner, { limits: { emailPerMonth: 100 } })).statusCode).toBe(200)
    expect((await sendTest(owner)).statusCode).toBe(200)
    expect((await sendTest(owner)).statusCode).toBe(200)
    const over = await sendTest(owner)
    expect(over.statusCode).toBe(403)
    expect(over.data).toEqual({
      error: 'LimitExceeded',
      message:
        "Folio's mail sent today's 2 mails for this tenant; more go tomorrow, or now through the tenant's own SMTP server (tenant settings, smtp).",
      limitName: 'platformMailPerDay',
      limit: 2,
      usage: 2,
    })
    expect((await invite(owner, uniqueEmail('late'))).data.limitName).toBe('platformMailPerDay')
    expect((await offer(owner, member.email)).data.limitName).toBe('platformMailPerDay')
    const raised = await putSettings(owner, { limits: { platformMailPerDay: 1000 } })
    expect(raised.statusCode).toBe(400)
    expect((await sendTest(owner)).statusCode).toBe(403)

    // Another tenant counts on its own; the tenant's own server is not Folio's mail.
    const other = await seedTenant(ctx.db)
    expect((await sendTest(other)).statusCode).toBe(200)
    const smtp = await putSettings(owner, {
      smtp: {
        enabled: true,
        host: '127.0.0.1',
        port: sink.port,
        requireTls: false,
        username: 'tenant-mailer',
        password: 'smtp-Secret-8812',
        fromEmail: 'news@tenant.example',
      },
    })
    expect(smtp.statusCode, smtp.body).toBe(200)
    const own = await sendTest(owner)
    expect(own.statusCode, own.body).toBe(200)
    expect(own.data.via).toBe('tenant')
  })

  it('counts limits.emailPerMonth across instances, without Redis', async () => {
    const owner = await seedTenant(ctx.db)
    expect((await putSettings(owner, { limits: { emailPerMonth: 2 } })).statusCode).toBe(200)
    const second = await secondInstance(ctx)
    try {
      expect((await sendTest(owner)).statusCode).toBe(200)
      expect((await sendTest(owner, second.app)).statusCode).toBe(200)
      const third = await sendTest(owner)
      expect(third.statusCode).toBe(403)
      expect(third.data).toMatchObject({ limitName: 'emailPerMonth', limit: 2, usage: 2 })
      expect((await sendTest(owner, second.app)).data.limitName).toBe('emailPerMonth')
    } finally {
      await second.close()
    }
  })
})
