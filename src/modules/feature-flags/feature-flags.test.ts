import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  type SeededUser,
  seedApiToken,
  seedTenant,
  seedUser,
  TEST_APP_SECRET,
  uniqueEmail,
  useTestContext,
} from '../../../test/helpers.js'
import { users } from '../../db/schema/index.js'
import { createEventBus } from '../../events/bus.js'
import { newId } from '../../lib/ids.js'
import { createSecretBox } from '../../lib/secrets.js'
import { createSharedStore } from '../../store/shared-store.js'
import { createTenantSettingsReader } from '../tenant-settings/reader.js'

const ADMIN_EMAIL = uniqueEmail('platform-admin')
const UNVERIFIED_ADMIN_EMAIL = uniqueEmail('unverified-admin')
const ctx = useTestContext({
  PLATFORM_ADMIN_EMAILS: ` ${ADMIN_EMAIL.toUpperCase()} ,${UNVERIFIED_ADMIN_EMAIL}`,
})

/** Flags are global: keys of this run, so a reused PostgreSQL database does not answer 409. */
const RUN = newId().slice(-8)
let seededAdmin: Promise<SeededUser> | undefined
/** The one user of this file whose e-mail is in PLATFORM_ADMIN_EMAILS (e-mails are unique). */
const platformAdmin = () => {
  seededAdmin ??= seedUser(ctx.db, { email: ADMIN_EMAIL })
  return seededAdmin
}

const create = (token: string | undefined, body: unknown) =>
  call(ctx.app, 'POST', '/api/feature-flags', { ...(token ? { token } : {}), body })

describe('GET /api/feature-flags', () => {
  it('lists the catalogue by key for any signed-in user, with the built-in contentScheduling flag', async () => {
    const user = await seedUser(ctx.db)
    const response = await call(ctx.app, 'GET', '/api/feature-flags', { token: user.token })
    expect(response.statusCode).toBe(200)
    expect(response.data.flags).toContainEqual({
      id: '000000000000000000000001',
      key: 'contentScheduling',
      label: 'Content scheduling',
      description: 'Content may be saved with status scheduled and a future publishAt.',
      defaultEnabled: true,
      notes: 'Built in; read by the contents family.',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect((await call(ctx.app, 'GET', '/api/feature-flags')).statusCode).toBe(401)
    expect((await call(ctx.app, 'GET', '/api/feature-flags?x=1', { token: user.token })).statusCode).toBe(400)
  })
})

describe('POST /api/feature-flags', () => {
  it('lets a platform administrator create a flag (201 { flag }); the same key again is 409', async () => {
    const admin = await platformAdmin()
    const created = await create(admin.token, {
      key: `newEditor${RUN}`,
      label: ' New editor ',
      description: 'The block editor',
      defaultEnabled: true,
      notes: 'Rollout in May',
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.data.flag).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      key: `newEditor${RUN}`,
      label: 'New editor',
      description: 'The block editor',
      defaultEnabled: true,
      notes: 'Rollout in May',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    const again = await create(admin.token, { key: `newEditor${RUN}`, label: 'Twice' })
    expect(again.statusCode).toBe(409)
    expect(again.data.error).toBe('Conflict')
    const minimal = await create(admin.token, { key: `quiet${RUN}`, label: 'Quiet' })
    expect(minimal.data.flag).toMatchObject({ description: '', defaultEnabled: false, notes: '' })
  })

  it('answers 403 to tenant owners, unverified listed e-mails and API tokens; 401 without credentials', async () => {
    const owner = await seedTenant(ctx.db)
    const unverified = await seedUser(ctx.db, { email: UNVERIFIED_ADMIN_EMAIL })
    await ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, unverified.userId))
    const token = await seedApiToken(ctx.db, owner.tenantId, { role: 'owner', scopes: ['read', 'write'] })
    for (const caller of [owner.token, unverified.token, token]) {
      const response = await create(caller, { key: 'sneaky', label: 'Sneaky' })
      expect(response.statusCode).toBe(403)
      expect(response.data.error).toBe('Forbidden')
    }
    expect((await create(undefined, { key: 'anon', label: 'Anon' })).statusCode).toBe(401)
    const list = await call(ctx.app, 'GET', '/api/feature-flags', { token: owner.token })
    expect(list.data.flags.map((flag: { key: string }) => flag.key)).not.toContain('sneaky')
  })

  it('answers 400 for bodies outside the contract', async () => {
    const admin = await platformAdmin()
    for (const body of [
      {},
      { key: 'x' },
      { label: 'x' },
      { key: '', label: 'x' },
      { key: 'x', label: '' },
      { key: 'x', label: '   ' },
      { key: 'has space', label: 'x' },
      { key: 'k'.repeat(65), label: 'x' },
      { key: 'x', label: 'l'.repeat(201) },
      { key: 'x', label: 'x', defaultEnabled: 'yes' },
      { key: 'x', label: 'x', description: 'd'.repeat(2001) },
      { key: 'x', label: 'x', tenantId: 'a' },
    ]) {
      const response = await create(admin.token, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
    }
  })

  it("gives tenants the flag's default until their settings switch it", async () => {
    const admin = await platformAdmin()
    expect(
      (await create(admin.token, { key: `darkMode${RUN}`, label: 'Dark mode', defaultEnabled: true }))
        .statusCode,
    ).toBe(201)
    const owner = await seedTenant(ctx.db)
    const settings = await call(ctx.app, 'PUT', '/api/tenant-settings', {
      token: owner.token,
      body: { features: { [`darkMode${RUN}`]: false } },
    })
    expect(settings.data.settings.features).toEqual({ [`darkMode${RUN}`]: false })
    const other = await seedTenant(ctx.db)
    const store = await createSharedStore({})
    const reader = createTenantSettingsReader({
      db: ctx.db,
      bus: createEventBus(store, () => {}),
      secrets: createSecretBox(TEST_APP_SECRET),
    })
    expect(await reader.featureEnabled(owner.tenantId, `darkMode${RUN}`)).toBe(false)
    expect(await reader.featureEnabled(other.tenantId, `darkMode${RUN}`)).toBe(true)
    expect(await reader.featureEnabled(other.tenantId, 'unknownFlag')).toBe(false)
    await store.close()
  })
})
