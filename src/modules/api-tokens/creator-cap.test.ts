import { describe, expect, it } from 'vitest'
import { call, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'

// A token acts with at most its creator's current role (auth/credentials.ts).
const ctx = useTestContext()

/** An admin member of a new tenant, its owner, and an admin token (read, write) the admin created. */
async function adminWithToken() {
  const owner = await seedTenant(ctx.db)
  const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
  const created = await call(ctx.app, 'POST', '/api/api-tokens', {
    token: admin.token,
    body: { name: 'deploy', role: 'admin', scopes: ['read', 'write'] },
  })
  expect(created.statusCode, created.body).toBe(201)
  return { owner, admin, token: created.data.plaintext as string }
}

const updateSettings = (token: string, siteName: string) =>
  call(ctx.app, 'PUT', '/api/tenant-settings', { token, body: { branding: { siteName } } })

describe('an API token whose creator is demoted', () => {
  it('loses on the next request what its creator lost, and keeps what the new role allows', async () => {
    const { owner, admin, token } = await adminWithToken()
    // Used first, so the credential cache holds the admin token when the demotion commits.
    const before = await updateSettings(token, 'Before')
    expect(before.statusCode, before.body).toBe(200)

    const demoted = await call(ctx.app, 'PUT', `/api/users/${admin.userId}/role?tenantId=${owner.tenantId}`, {
      token: owner.token,
      body: { role: 'editor' },
    })
    expect(demoted.statusCode, demoted.body).toBe(200)

    const refused = await updateSettings(token, 'After')
    expect(refused.statusCode, refused.body).toBe(403)
    expect(refused.data).toEqual({
      error: 'Forbidden',
      message: 'This needs the "settings:update" permission.',
    })
    const settings = await call(ctx.app, 'GET', '/api/tenant-settings', { token: owner.token })
    expect(settings.data.settings.branding.siteName).toBe('Before')

    // Inviting is an admin power the editor lost; reading settings and writing content stay.
    const invite = await call(ctx.app, 'POST', `/api/users/invite?tenantId=${owner.tenantId}`, {
      token,
      body: { email: 'new@example.test', role: 'viewer' },
    })
    expect(invite.statusCode, invite.body).toBe(403)
    expect((await call(ctx.app, 'GET', '/api/tenant-settings', { token })).statusCode).toBe(200)
    const content = await call(ctx.app, 'POST', '/api/contents', {
      token,
      body: { title: 'Still allowed' },
    })
    expect(content.statusCode, content.body).toBe(200)
    expect(content.data.content.title).toBe('Still allowed')
  })

  it('gets its creator’s powers back when the creator is promoted again, never above its own role', async () => {
    const { owner, admin, token } = await adminWithToken()
    for (const role of ['editor', 'admin']) {
      const changed = await call(
        ctx.app,
        'PUT',
        `/api/users/${admin.userId}/role?tenantId=${owner.tenantId}`,
        {
          token: owner.token,
          body: { role },
        },
      )
      expect(changed.statusCode, changed.body).toBe(200)
    }
    expect((await updateSettings(token, 'Again')).statusCode).toBe(200)
  })
  it('grants roles only up to its demoted creator’s level, though it keeps the invite permission', async () => {
    const { owner, admin, token } = await adminWithToken()
    const recruiter = await call(ctx.app, 'POST', '/api/roles', {
      token: owner.token,
      // What a viewer holds (so that it may invite viewers), and inviting.
      body: {
        key: 'recruiter',
        name: 'Recruiter',
        level: 25,
        permissions: [
          'dashboard:view',
          ...['content', 'media', 'categories', 'collections', 'forms', 'placements', 'menus'].map(
            (resource) => `${resource}:view`,
          ),
          'content:preview',
          'analytics:view',
          'profile:update',
          'users:view',
          'users:invite',
        ],
      },
    })
    expect(recruiter.statusCode, recruiter.body).toBe(201)
    const demoted = await call(ctx.app, 'PUT', `/api/users/${admin.userId}/role?tenantId=${owner.tenantId}`, {
      token: owner.token,
      body: { role: 'recruiter' },
    })
    expect(demoted.statusCode, demoted.body).toBe(200)
    const invite = (role: string) =>
      call(ctx.app, 'POST', `/api/users/invite?tenantId=${owner.tenantId}`, {
        token,
        body: { email: `${role}@example.test`, role },
      })
    const above = await invite('editor')
    expect(above.statusCode, above.body).toBe(403)
    expect(above.data.message).toBe('The role "editor" (level 30) is above your own; you cannot grant it.')
    const within = await invite('viewer')
    expect(within.statusCode, within.body).toBe(200)
    expect(within.data.invitation).toMatchObject({ email: 'viewer@example.test', role: 'viewer' })
  })
})

describe('an API token whose creator is no longer an active member', () => {
  it('answers 401 once the creator is deactivated, and again after reactivation works', async () => {
    const { owner, admin, token } = await adminWithToken()
    expect((await call(ctx.app, 'GET', '/api/tenant/info', { token })).statusCode).toBe(200)
    const toggle = () =>
      call(ctx.app, 'PATCH', `/api/users/${admin.userId}/toggle-status?tenantId=${owner.tenantId}`, {
        token: owner.token,
      })
    expect((await toggle()).statusCode).toBe(200)
    const refused = await call(ctx.app, 'GET', '/api/tenant/info', { token })
    expect(refused.statusCode).toBe(401)
    expect(refused.data.error).toBe('Unauthorized')
    expect((await toggle()).statusCode).toBe(200)
    expect((await call(ctx.app, 'GET', '/api/tenant/info', { token })).statusCode).toBe(200)
  })

  it('answers 401 once the creator is removed from the tenant', async () => {
    const { owner, admin, token } = await adminWithToken()
    expect((await call(ctx.app, 'GET', '/api/tenant/info', { token })).statusCode).toBe(200)
    const removed = await call(ctx.app, 'DELETE', `/api/users/${admin.userId}?tenantId=${owner.tenantId}`, {
      token: owner.token,
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect((await call(ctx.app, 'GET', '/api/tenant/info', { token })).statusCode).toBe(401)
  })
})
