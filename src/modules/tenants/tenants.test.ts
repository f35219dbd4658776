import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  call,
  seedApiToken,
  seedTenant,
  seedUser,
  testCredentials,
  useTestContext,
} from '../../../test/helpers.js'
import { memberships, sessions } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'
import { NO_EVENT_SINK } from '../../events/event-log.js'
import { newId } from '../../lib/ids.js'
import { createSessionManager } from '../auth/sessions.js'
import { createRoleResolver } from '../roles/resolver.js'
import { defaultSettings } from '../tenant-settings/reader.js'
import { createTenantsService } from './service.js'

const ctx = useTestContext()

/** Tenant slugs are global, so every test names its tenants uniquely. */
const unique = (label: string) => `${label} ${newId()}`
const slugOf = (name: string) => name.toLowerCase().replace(/ /g, '-')

async function createTenant(token: string, body: Record<string, unknown>) {
  return call(ctx.app, 'POST', '/api/tenants', { token, body })
}

describe('POST /api/tenants', () => {
  it('creates the tenant with the caller as active owner and answers 201 with the spec members', async () => {
    const user = await seedUser(ctx.db)
    const name = unique('Acme Publishing')
    const response = await createTenant(user.token, { name })
    expect(response.statusCode, response.body).toBe(201)
    const { tenant, membership } = response.data
    expect(tenant).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      name,
      slug: slugOf(name),
      plan: 'enterprise',
      status: 'active',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(membership).toMatchObject({ role: 'owner', status: 'active' })
    expect(membership.roleMeta).toMatchObject({ key: 'owner', name: 'Owner', level: 50 })
    expect(membership.permissions).toContain('api-tokens:create')
    expect(response.data.csrfToken).toBe(user.csrfToken)
    expect(response.data).not.toHaveProperty('token')
    const [row] = await ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.tenantId, tenant.id), eq(memberships.userId, user.userId)))
    expect(row).toMatchObject({ id: membership.id, role: 'owner', status: 'active' })
  })

  it('keeps the session and its token: three tenants in a row with one token, the session on the newest', async () => {
    const user = await seedUser(ctx.db)
    const ids: string[] = []
    for (const name of ['Client One', 'Client Two', 'Client Three']) {
      const created = await createTenant(user.token, { name: unique(name) })
      expect(created.statusCode, created.body).toBe(201)
      ids.push(created.data.tenant.id)
    }
    const listed = await call(ctx.app, 'GET', '/api/tenants', { token: user.token })
    expect(listed.statusCode, listed.body).toBe(200)
    expect(listed.data.tenants.map((m: { tenantId: string }) => m.tenantId)).toEqual(ids)
    const info = await call(ctx.app, 'GET', '/api/tenant/info', { token: user.token })
    expect(info.data.tenant.id).toBe(ids[2])
    // Switching the active tenant still rotates, as the spec says.
    const switched = await call(ctx.app, 'POST', '/api/auth/switch-tenant', {
      token: user.token,
      body: { tenantId: ids[0] },
    })
    expect(switched.statusCode, switched.body).toBe(200)
    expect((await call(ctx.app, 'GET', '/api/tenants', { token: user.token })).statusCode).toBe(401)
    const first = await call(ctx.app, 'GET', '/api/tenant/info', { token: switched.data.token })
    expect(first.data.tenant.id).toBe(ids[0])
  })

  it('keeps a cookie session working: no new cookie, the same csrfToken', async () => {
    const user = await seedUser(ctx.db)
    const cookie = `folio_session=${user.token}`
    const created = await call(ctx.app, 'POST', '/api/tenants', {
      headers: { cookie, 'x-csrf-token': user.csrfToken },
      body: { name: unique('Cookie') },
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.cookies.find((c) => c.name === 'folio_session')).toBeUndefined()
    expect(created.data.csrfToken).toBe(user.csrfToken)
    const info = await call(ctx.app, 'GET', '/api/tenant/info', { headers: { cookie } })
    expect(info.data.tenant.id).toBe(created.data.tenant.id)
  })

  it('requires X-CSRF-Token when the session comes from the cookie', async () => {
    const user = await seedUser(ctx.db)
    const cookie = `folio_session=${user.token}`
    const refused = await call(ctx.app, 'POST', '/api/tenants', {
      headers: { cookie },
      body: { name: unique('Csrf') },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.data.error).toBe('CsrfTokenInvalid')
    const accepted = await call(ctx.app, 'POST', '/api/tenants', {
      headers: { cookie, 'x-csrf-token': user.csrfToken },
      body: { name: unique('Csrf') },
    })
    expect(accepted.statusCode, accepted.body).toBe(201)
  })

  it('normalizes an explicit slug and rejects one with nothing sluggable', async () => {
    const user = await seedUser(ctx.db)
    const id = newId()
    const created = await createTenant(user.token, { name: 'Any', slug: `  Mi Café Çalışma ${id} ` })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.data.tenant.slug).toBe(`mi-cafe-calisma-${id}`)
    const other = await seedUser(ctx.db)
    const empty = await createTenant(other.token, { name: 'Any', slug: '!!!' })
    expect(empty.statusCode).toBe(400)
    expect(empty.data.error).toBe('ValidationFailed')
  })

  it('answers 409 SlugConflict with free suggestions for a taken explicit slug, creating nothing', async () => {
    const slug = `taken-${newId()}`
    const first = await seedUser(ctx.db)
    expect((await createTenant(first.token, { name: 'One', slug })).statusCode).toBe(201)
    const second = await seedUser(ctx.db)
    const two = await createTenant(second.token, { name: 'Two', slug: `${slug}-2` })
    expect(two.statusCode).toBe(201)
    const third = await seedUser(ctx.db)
    const conflict = await createTenant(third.token, { name: 'Three', slug: slug.toUpperCase() })
    expect(conflict.statusCode).toBe(409)
    expect(conflict.data).toEqual({
      error: 'SlugConflict',
      message: `The slug "${slug}" is already in use.`,
      suggestions: [`${slug}-3`, `${slug}-4`, `${slug}-5`],
    })
    const owned = await ctx.db.select().from(memberships).where(eq(memberships.userId, third.userId))
    expect(owned).toHaveLength(0)
    expect((await call(ctx.app, 'GET', '/api/tenants', { token: third.token })).statusCode).toBe(200)
  })

  it('appends -2, -3 to a name-derived slug that is taken', async () => {
    const name = unique('Same Name')
    const slugs: string[] = []
    for (let i = 0; i < 3; i++) {
      const user = await seedUser(ctx.db)
      const response = await createTenant(user.token, { name })
      expect(response.statusCode, response.body).toBe(201)
      slugs.push(response.data.tenant.slug)
    }
    const base = slugOf(name)
    expect(slugs).toEqual([base, `${base}-2`, `${base}-3`])
  })

  it('keeps SQL metacharacters and unicode in the name as data', async () => {
    const user = await seedUser(ctx.db)
    const id = newId()
    const name = `Robert'); DROP TABLE tenants;-- Çalışma 日本語 🚀 ${id}`
    const response = await createTenant(user.token, { name })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.data.tenant.name).toBe(name)
    expect(response.data.tenant.slug).toBe(`robert-drop-table-tenants-calisma-${id}`)
  })

  it('falls back to "tenant" as the slug when the name has nothing sluggable', async () => {
    const user = await seedUser(ctx.db)
    const response = await createTenant(user.token, { name: '!!! ???' })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.data.tenant.slug).toMatch(/^tenant(-\d+)?$/)
  })

  it('honours requestedPlanSlug only for the default plan when the caller is no platform admin', async () => {
    const user = await seedUser(ctx.db)
    const refused = await createTenant(user.token, { name: unique('Pro'), requestedPlanSlug: 'pro' })
    expect(refused.statusCode).toBe(403)
    expect(refused.data.error).toBe('PlanNotAllowed')
    expect(await ctx.db.select().from(memberships).where(eq(memberships.userId, user.userId))).toHaveLength(0)
    const unknown = await createTenant(user.token, { name: unique('Gold'), requestedPlanSlug: 'gold' })
    expect(unknown.statusCode).toBe(400)
    const accepted = await createTenant(user.token, { name: unique('Ent'), requestedPlanSlug: 'enterprise' })
    expect(accepted.statusCode, accepted.body).toBe(201)
    expect(accepted.data.tenant.plan).toBe('enterprise')
  })

  it.each([
    ['a missing name', {}],
    ['an empty name', { name: '' }],
    ['a blank name', { name: '   ' }],
    ['a name over 200 characters', { name: 'n'.repeat(201) }],
    ['an empty slug', { name: 'Ok', slug: '' }],
    ['a slug over 80 characters', { name: 'Ok', slug: 's'.repeat(81) }],
    ['a plan slug that breaks the pattern', { name: 'Ok', requestedPlanSlug: 'Pro' }],
    ['a plan slug over 80 characters', { name: 'Ok', requestedPlanSlug: `p${'a'.repeat(80)}` }],
    ['an unknown member', { name: 'Ok', plan: 'pro' }],
  ])('answers 400 for %s', async (_label, body) => {
    const user = await seedUser(ctx.db)
    const response = await createTenant(user.token, body)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.data.error).toBe('ValidationFailed')
  })

  it('accepts a name of exactly 200 characters', async () => {
    const user = await seedUser(ctx.db)
    const name = `${newId()}${'n'.repeat(176)}`
    const response = await createTenant(user.token, { name })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.data.tenant.name).toBe(name)
  })

  it('answers 401 without a session and 403 to an API token', async () => {
    expect((await call(ctx.app, 'POST', '/api/tenants', { body: { name: 'X' } })).statusCode).toBe(401)
    const member = await seedTenant(ctx.db)
    const token = await seedApiToken(ctx.db, member.tenantId, { role: 'owner', scopes: ['read', 'write'] })
    const response = await createTenant(token, { name: unique('Token') })
    expect(response.statusCode).toBe(403)
    expect(response.data.error).toBe('Forbidden')
  })
})

const NO_CLIENT = { ip: '', userAgent: '' }

describe('tenants service (transport-free)', () => {
  async function serviceWith(platformAdminEmails: string[]) {
    const credentials = await testCredentials(ctx.db)
    return createTenantsService({
      db: ctx.db,
      config: { defaultTenantPlan: 'free', platformAdminEmails },
      sessions: createSessionManager({ db: ctx.db, credentials }),
      events: NO_EVENT_SINK,
      settings: { get: async (tenantId: string) => defaultSettings(tenantId) },
      roles: createRoleResolver({ db: ctx.db, bus: { on() {}, onResync() {} } }),
    })
  }

  async function sessionIdOf(userId: string) {
    const [row] = await ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))
    return row?.id ?? ''
  }

  it('lets a platform admin request any plan, and others only the default plan', async () => {
    const admin = await seedUser(ctx.db)
    const service = await serviceWith([admin.email.toLowerCase()])
    const adminCaller = {
      userId: admin.userId,
      email: admin.email,
      emailVerified: true,
      csrfToken: admin.csrfToken,
      sessionId: await sessionIdOf(admin.userId),
    }
    const pro = await service.create(
      adminCaller,
      { name: unique('Admin Pro'), requestedPlanSlug: 'pro' },
      NO_CLIENT,
    )
    expect(pro.tenant.plan).toBe('pro')

    const user = await seedUser(ctx.db)
    const caller = {
      userId: user.userId,
      email: user.email,
      emailVerified: true,
      csrfToken: user.csrfToken,
      sessionId: await sessionIdOf(user.userId),
    }
    const refusal = await service
      .create(caller, { name: unique('User Pro'), requestedPlanSlug: 'pro' }, NO_CLIENT)
      .catch((err: unknown) => err)
    expect(refusal).toBeInstanceOf(AppError)
    expect((refusal as AppError).code).toBe('PlanNotAllowed')
    const free = await service.create(
      caller,
      { name: unique('User Free'), requestedPlanSlug: 'free' },
      NO_CLIENT,
    )
    expect(free.tenant.plan).toBe('free')
  })

  it('createTenant makes the owner membership without touching any session, and findBySlug finds it', async () => {
    const user = await seedUser(ctx.db)
    const service = await serviceWith([])
    const { tenant, membership } = await service.createTenant({
      ownerUserId: user.userId,
      name: unique('Import'),
    })
    expect(tenant.plan).toBe('free')
    expect(membership).toMatchObject({ role: 'owner', status: 'active' })
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.userId))
    expect(session?.tenantId).toBeNull()
    expect(await service.findBySlug(tenant.slug)).toEqual(tenant)
    expect(await service.findBySlug(`missing-${newId()}`)).toBeUndefined()
  })
})
