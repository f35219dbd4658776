import { describe, expect, it } from 'vitest'
import { seedTenant, TEST_APP_SECRET, useTestContext } from '../../../test/helpers.js'
import { tenantSettings } from '../../db/schema/index.js'
import { createEventBus } from '../../events/bus.js'
import { createSecretBox } from '../../lib/secrets.js'
import { createSharedStore } from '../../store/shared-store.js'
import { createTenantSettingsReader, smtpPasswordContext } from './reader.js'

const ctx = useTestContext()

describe('tenant settings reader', () => {
  it('fills every default, lays stored members over them, and re-reads after a settings event', async () => {
    const owner = await seedTenant(ctx.db)
    const store = await createSharedStore({})
    const bus = createEventBus(store, () => {})
    const secrets = createSecretBox(TEST_APP_SECRET)
    const reader = createTenantSettingsReader({ db: ctx.db, bus, secrets })

    const defaults = await reader.get(owner.tenantId)
    expect(defaults.createdAt).toBeNull()
    expect(defaults.limits).toEqual({
      entries: null,
      media: null,
      users: null,
      apiCalls: null,
      publicApiCalls: null,
      adminApiCalls: null,
      emailPerMonth: null,
      custom: {},
    })
    expect(defaults.smtp.hasPassword).toBe(false)
    expect(await reader.smtpPassword(owner.tenantId)).toBeNull()

    await ctx.db.insert(tenantSettings).values({
      tenantId: owner.tenantId,
      limits: { apiCalls: 50 },
      smtp: { enabled: true, host: 'mail.example.com' },
      smtpPasswordEncrypted: secrets.encrypt('s3cret', smtpPasswordContext(owner.tenantId)),
    })
    // Cached until an event says the settings changed.
    expect((await reader.get(owner.tenantId)).limits.apiCalls).toBeNull()
    bus.sink.committed([
      {
        id: 'e1',
        tenantId: owner.tenantId,
        type: 'settings.updated',
        subjectId: null,
        payload: {},
        actor: { kind: 'system', name: 'test' },
        ipAddress: null,
        createdAt: new Date(),
      },
    ])
    const stored = await reader.get(owner.tenantId)
    expect(stored.limits).toMatchObject({ apiCalls: 50, entries: null })
    expect(stored.smtp).toMatchObject({
      enabled: true,
      host: 'mail.example.com',
      port: null,
      hasPassword: true,
    })
    expect(await reader.smtpPassword(owner.tenantId)).toBe('s3cret')
    await store.close()
  })
})
