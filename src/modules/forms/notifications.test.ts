import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { mailArriving, subjectOf } from '../../../test/auth-fixtures.js'
import { createForm } from '../../../test/form-fixtures.js'
import {
  call,
  lastMailTo,
  type SeededMember,
  seedApiToken,
  seedMember,
  seedTenant,
  uniqueEmail,
  useTestContext,
} from '../../../test/helpers.js'
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-fixtures.js'
import { memberships, users } from '../../db/schema/index.js'

// A loopback SMTP server stands in for a tenant's own: the private-address switch is on here only.
const ctx = useTestContext({ OUTBOUND_ALLOW_PRIVATE: 'true' })
let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink('forms-mailer', 'smtp-Secret-2231')
})
afterAll(() => sink.close())

const FAST = { antiSpam: { minFillSeconds: 0 } }
const withRecipients = (recipients: string[]) => ({ ...FAST, notifications: { recipients } })

const saveForm = (owner: SeededMember, settings: Record<string, unknown>) =>
  call(ctx.app, 'POST', '/api/forms', {
    token: owner.token,
    body: { title: 'Contact', fields: [{ id: 'name', type: 'text', label: 'Name' }], settings },
  })

/** Submits a response; returns its id. */
async function submit(owner: SeededMember, formId: string, name: string): Promise<string> {
  const key = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['submit'] })
  const res = await call(ctx.app, 'POST', `/api/public/forms/${formId}/submit`, {
    headers: { 'x-tenant-id': owner.tenantId, 'x-api-key': key },
    body: { data: { name, email: 'visitor@example.com' } },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.data.responseId
}

/** Waits until the notification job of a response has completed. */
async function notified(responseId: string) {
  const schema = sql.identifier(ctx.jobsSchema ?? 'pgboss')
  await vi.waitFor(
    async () => {
      const result = await ctx.db.execute(
        sql`select state from ${schema}.job where name = 'forms.notify' and data->>'responseId' = ${responseId}`,
      )
      const { rows } = result as unknown as { rows: { state: string }[] }
      if (rows[0]?.state !== 'completed')
        throw new Error(`notification job is ${rows[0]?.state ?? 'missing'}`)
    },
    { timeout: 15_000, interval: 50 },
  )
}

describe('form notification recipients', () => {
  it("refuses, when saved, a recipient who is not a verified member of the tenant, naming it; the tenant's SMTP server takes anyone", async () => {
    const owner = await seedTenant(ctx.db)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const unverified = await seedMember(ctx.db, owner.tenantId, 'viewer')
    await ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unverified.userId))
    const otherTenant = await seedTenant(ctx.db)
    const stranger = uniqueEmail('stranger')

    const refused = await saveForm(
      owner,
      withRecipients([editor.email.toUpperCase(), stranger, unverified.email, otherTenant.email]),
    )
    expect(refused.statusCode, refused.body).toBe(400)
    const why = (to: string) =>
      `${to} is not a member of this tenant with a verified e-mail address: Folio's own mail notifies only those. Invite them, or mail other addresses through the tenant's SMTP server (tenant settings, smtp).`
    expect(refused.data).toEqual({
      error: 'ValidationFailed',
      message: `settings.notifications.recipients: ${why(stranger)} ${why(unverified.email)} ${why(otherTenant.email)}`,
      details: [
        { path: '/settings/notifications/recipients/1', message: why(stranger) },
        { path: '/settings/notifications/recipients/2', message: why(unverified.email) },
        { path: '/settings/notifications/recipients/3', message: why(otherTenant.email) },
      ],
    })
    const listed = await call(ctx.app, 'GET', '/api/forms', { token: owner.token })
    expect(listed.data.forms).toEqual([])

    const members = await saveForm(owner, withRecipients([editor.email.toUpperCase(), owner.email]))
    expect(members.statusCode, members.body).toBe(200)
    const updated = await call(ctx.app, 'PUT', `/api/forms/${members.data.form.id}`, {
      token: owner.token,
      body: { settings: withRecipients([stranger]) },
    })
    expect(updated.statusCode).toBe(400)
    expect(updated.data.details).toEqual([
      { path: '/settings/notifications/recipients/0', message: why(stranger) },
    ])

    const smtp = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: {
        smtp: {
          enabled: true,
          host: '127.0.0.1',
          port: sink.port,
          requireTls: false,
          username: 'forms-mailer',
          password: 'smtp-Secret-2231',
          fromEmail: 'forms@tenant.example',
        },
      },
    })
    expect(smtp.statusCode, smtp.body).toBe(200)
    expect((await saveForm(owner, withRecipients([stranger]))).statusCode).toBe(200)
  })

  it('mails, through Folio, only those still verified members when a response arrives', async () => {
    const owner = await seedTenant(ctx.db)
    const [left, unverified, staying] = [
      await seedMember(ctx.db, owner.tenantId, 'editor'),
      await seedMember(ctx.db, owner.tenantId, 'editor'),
      await seedMember(ctx.db, owner.tenantId, 'editor'),
    ]
    const form = await createForm(ctx.app, owner.token, {
      settings: withRecipients([left.email, unverified.email, staying.email]),
    })
    await ctx.db.delete(memberships).where(eq(memberships.userId, left.userId))
    await ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unverified.userId))
    await submit(owner, form.id, 'Grace')
    // Recipients are mailed in order: once the last one has its mail, the others were decided.
    expect(await mailArriving(ctx.dataDir, staying.email, () => true, 15_000)).toContain('Name: Grace')
    expect(lastMailTo(ctx.dataDir, left.email)).toBeUndefined()
    expect(lastMailTo(ctx.dataDir, unverified.email)).toBeUndefined()
  })

  it('sends no notification through Folio for a tenant whose owners have not verified an address', async () => {
    const owner = await seedTenant(ctx.db)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const form = await createForm(ctx.app, owner.token, { settings: withRecipients([editor.email]) })
    await ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, owner.userId))
    await notified(await submit(owner, form.id, 'First'))
    // The owner verifies: the next response is mailed, the first one never was.
    await ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, owner.userId))
    await submit(owner, form.id, 'Second')
    const mail = await mailArriving(ctx.dataDir, editor.email, () => true, 15_000)
    expect(mail).toContain('Name: Second')
    expect(mail).not.toContain('Name: First')
  })

  it("mails in the tenant's default locale when Folio speaks it, with the form's texts in it", async () => {
    const owner = await seedTenant(ctx.db)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const locales = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { locales: { available: ['tr', 'en'], default: 'tr' } },
    })
    expect(locales.statusCode, locales.body).toBe(200)
    const form = await createForm(ctx.app, owner.token, {
      title: { tr: 'İletişim', en: 'Contact' },
      settings: withRecipients([editor.email]),
    })
    const responseId = await submit(owner, form.id, 'Grace')
    const mail = await mailArriving(ctx.dataDir, editor.email, () => true, 15_000)
    expect(subjectOf(mail)).toBe('Yeni yanıt: İletişim')
    expect(mail).toMatch(/“İletişim” formuna \S+ tarihinde yeni bir yanıt geldi\./)
    expect(mail).toContain('Ad: Grace')
    expect(mail).toContain(`Yanıt kimliği: ${responseId}`)
  })
})
