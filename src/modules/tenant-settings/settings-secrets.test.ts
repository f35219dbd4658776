import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import {
  call,
  createTestContext,
  type SeededMember,
  seedTenant,
  TEST_APP_SECRET,
  useTestContext,
} from '../../../test/helpers.js'
import { putSettings, settingsOf as readSettings } from '../../../test/settings-fixtures.js'
import { tenantSettings } from '../../db/schema/index.js'
import { createEventBus } from '../../events/bus.js'
import { createSecretBox } from '../../lib/secrets.js'
import { createSharedStore } from '../../store/shared-store.js'
import { createTenantSettingsReader } from './reader.js'

const ctx = useTestContext()

const put = (member: SeededMember | string, body: unknown) => putSettings(ctx, member, body)
const settingsOf = (member: SeededMember | string) => readSettings(ctx, member)

describe('write-only secrets', () => {
  const PASSWORD = 'smtp-pass-Zq81x'
  const SECRET = 'whsec-S3cr3t-9911'

  it('are never read back: GET shows only hasPassword and hasSecret, and null or "" clear them', async () => {
    const owner = await seedTenant(ctx.db)
    const saved = await put(owner, { smtp: { password: PASSWORD }, webhook: { secret: SECRET } })
    expect(saved.statusCode, saved.body).toBe(200)
    const read = await call(ctx.app, 'GET', '/api/tenant-settings', { token: owner.token })
    for (const body of [saved.body, read.body]) {
      expect(body).not.toContain(PASSWORD)
      expect(body).not.toContain(SECRET)
    }
    expect(read.data.settings.smtp.hasPassword).toBe(true)
    expect(read.data.settings.webhook.hasSecret).toBe(true)
    expect(read.data.settings.smtp).not.toHaveProperty('password')
    expect(read.data.settings.webhook).not.toHaveProperty('secret')
    // Absent keeps them.
    await put(owner, { smtp: { username: 'ada' }, webhook: { enabled: false } })
    expect((await settingsOf(owner)).smtp.hasPassword).toBe(true)
    await put(owner, { smtp: { password: null }, webhook: { secret: '' } })
    const after = await settingsOf(owner)
    expect(after.smtp.hasPassword).toBe(false)
    expect(after.webhook.hasSecret).toBe(false)
  })

  it('are stored encrypted, bound to their tenant and member: tampered or copied ciphertexts do not decrypt', async () => {
    const a = await seedTenant(ctx.db)
    const b = await seedTenant(ctx.db)
    await put(a, { smtp: { password: PASSWORD }, webhook: { secret: SECRET } })
    await put(b, { branding: { siteName: 'B' } })
    const [row] = await ctx.db.select().from(tenantSettings).where(eq(tenantSettings.tenantId, a.tenantId))
    expect(JSON.stringify(row)).not.toContain(PASSWORD)
    expect(JSON.stringify(row)).not.toContain(SECRET)
    expect(row?.smtpPasswordEncrypted).toMatch(/^v1\.[\w-]{8}\./)

    const store = await createSharedStore({})
    const secrets = createSecretBox(TEST_APP_SECRET)
    const settings = createTenantSettingsReader({ db: ctx.db, bus: createEventBus(store, () => {}), secrets })
    expect(await settings.smtpPassword(a.tenantId)).toBe(PASSWORD)
    expect(await settings.webhookSecret(a.tenantId)).toBe(SECRET)

    // A's ciphertext copied into B's row, or swapped between members, does not decrypt.
    await ctx.db
      .update(tenantSettings)
      .set({
        smtpPasswordEncrypted: row?.smtpPasswordEncrypted,
        webhookSecretEncrypted: row?.smtpPasswordEncrypted,
      })
      .where(eq(tenantSettings.tenantId, b.tenantId))
    await expect(settings.smtpPassword(b.tenantId)).rejects.toThrow()
    await expect(settings.webhookSecret(b.tenantId)).rejects.toThrow()
    // One altered character of A's ciphertext does not decrypt either.
    const stored = row?.smtpPasswordEncrypted as string
    const tampered = `${stored.slice(0, -2)}${stored.at(-2) === 'A' ? 'B' : 'A'}${stored.slice(-1)}`
    await ctx.db
      .update(tenantSettings)
      .set({ smtpPasswordEncrypted: tampered })
      .where(eq(tenantSettings.tenantId, a.tenantId))
    await expect(settings.smtpPassword(a.tenantId)).rejects.toThrow()
    await store.close()
  })

  it('asks for the SMTP password again (400) when no configured key opens the stored one', async () => {
    const owner = await seedTenant(ctx.db)
    await put(owner, { smtp: { host: 'mail.example.com', password: PASSWORD } })
    const foreign = createSecretBox('another-app-secret-another-app-secret-42')
    await ctx.db
      .update(tenantSettings)
      .set({ smtpPasswordEncrypted: foreign.encrypt(PASSWORD, `tenant:${owner.tenantId}:smtp.password`) })
      .where(eq(tenantSettings.tenantId, owner.tenantId))
    const response = await put(owner, {
      smtp: { enabled: true, fromEmail: 'ada@example.com' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.data.message).toContain('send smtp.password again')
  })

  it('never appear in the logs, on success or on a refused request', async () => {
    const logs: string[] = []
    const logged = await createTestContext({ logs })
    try {
      const owner = await seedTenant(logged.db)
      const ok = await call(logged.app, 'PUT', '/api/tenant-settings', {
        token: owner.token,
        body: { smtp: { password: PASSWORD }, webhook: { secret: SECRET } },
      })
      expect(ok.statusCode).toBe(200)
      const refused = await call(logged.app, 'PUT', '/api/tenant-settings', {
        token: owner.token,
        body: { smtp: { password: PASSWORD, extra: SECRET } },
      })
      expect(refused.statusCode).toBe(400)
      expect(logs.length).toBeGreaterThan(0)
      expect(logs.join('\n')).not.toContain(PASSWORD)
      expect(logs.join('\n')).not.toContain(SECRET)
    } finally {
      await logged.close()
    }
  })

  it('never appear in the activity log', async () => {
    const owner = await seedTenant(ctx.db)
    await put(owner, {
      smtp: { password: PASSWORD },
      webhook: { secret: SECRET, url: 'https://h.example.com' },
    })
    const activity = await vi.waitFor(
      async () => {
        const response = await call(ctx.app, 'GET', '/api/activities', { token: owner.token })
        expect(response.data.activities.length).toBeGreaterThan(0)
        return response
      },
      { timeout: 10_000, interval: 100 },
    )
    expect(activity.data.activities[0]).toMatchObject({
      action: 'settings.updated',
      metadata: { changed: ['smtp', 'webhook'] },
    })
    expect(activity.body).not.toContain(PASSWORD)
    expect(activity.body).not.toContain(SECRET)
  })
})
