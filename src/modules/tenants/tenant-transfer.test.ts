import { and, eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { mailArriving } from '../../../test/auth-fixtures.js'
import {
  call,
  seedMember,
  seedTenant,
  seedUser,
  TEST_PASSWORD,
  useTestContext,
} from '../../../test/helpers.js'
import { activities, memberships, ownershipTransfers } from '../../db/schema/index.js'
import { sha256Hex } from '../../lib/hash.js'
import { newId } from '../../lib/ids.js'

const ctx = useTestContext()

function offer(token: string, tenantId: string, body: Record<string, unknown>) {
  return call(ctx.app, 'POST', `/api/tenants/${tenantId}/transfer-ownership`, {
    token,
    body: { password: TEST_PASSWORD, ...body },
  })
}

function accept(token: string, tenantId: string, transferToken: unknown) {
  return call(ctx.app, 'POST', `/api/tenants/${tenantId}/accept-transfer`, {
    token,
    body: { token: transferToken },
  })
}

const TRANSFER_LINK = /\/account\/accept-transfer\?tenant=[a-f0-9]{24}&token=([A-Za-z0-9_-]+)/

/** The token in the newest transfer mail to `email` (the mail leaves through a job, after the answer). */
async function mailedToken(email: string, other?: string): Promise<string> {
  const mail = await mailArriving(ctx.dataDir, email, (text) => {
    const token = TRANSFER_LINK.exec(text)?.[1]
    return token !== undefined && token !== other
  })
  return TRANSFER_LINK.exec(mail)?.[1] ?? ''
}

async function roleOf(tenantId: string, userId: string) {
  const [row] = await ctx.db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
  return row?.role
}

describe('ownership transfer', () => {
  it('mails a one-time token to the member, who becomes owner while the old owner becomes admin', async () => {
    const owner = await seedTenant(ctx.db)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const offered = await offer(owner.token, owner.tenantId, { email: editor.email.toUpperCase() })
    expect(offered.statusCode, offered.body).toBe(200)
    expect(offered.data.transfer).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      email: editor.email,
      expiresAt: expect.any(String),
    })
    const lifetime = Date.parse(offered.data.transfer.expiresAt) - Date.now()
    expect(lifetime).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000)
    const token = await mailedToken(editor.email)
    expect(offered.body).not.toContain(token)
    const [stored] = await ctx.db
      .select()
      .from(ownershipTransfers)
      .where(eq(ownershipTransfers.tenantId, owner.tenantId))
    expect(stored?.tokenHash).toBe(sha256Hex(token))

    const accepted = await accept(editor.token, owner.tenantId, token)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.data.membership).toMatchObject({ role: 'owner', status: 'active' })
    expect(accepted.data.tenant.id).toBe(owner.tenantId)
    expect(await roleOf(owner.tenantId, editor.userId)).toBe('owner')
    expect(await roleOf(owner.tenantId, owner.userId)).toBe('admin')
    await mailArriving(ctx.dataDir, editor.email, (mail) => mail.includes('you are its owner now'))
    await mailArriving(ctx.dataDir, owner.email, (mail) =>
      mail.includes('You remain a member with the admin role'),
    )

    const second = await accept(editor.token, owner.tenantId, token)
    expect(second.statusCode).toBe(400)
    expect(second.data.error).toBe('InvalidToken')
    // The new owner holds owner rights at once; the former owner can no longer delete the tenant.
    const preflight = await call(ctx.app, 'GET', `/api/tenants/${owner.tenantId}/deletion-preflight`, {
      token: editor.token,
    })
    expect(preflight.statusCode).toBe(200)
    const former = await call(ctx.app, 'GET', `/api/tenants/${owner.tenantId}/deletion-preflight`, {
      token: owner.token,
    })
    expect(former.statusCode).toBe(403)
    await vi.waitFor(
      async () => {
        const logged = await ctx.db
          .select({ action: activities.action })
          .from(activities)
          .where(eq(activities.tenantId, owner.tenantId))
        expect(logged.map((row) => row.action)).toEqual(
          expect.arrayContaining([
            'tenant.ownership-transfer-requested',
            'tenant.ownership-transferred',
            'member.role-changed',
          ]),
        )
      },
      { timeout: 10_000, interval: 100 },
    )
  })

  it('refuses a non-member target, the caller, an owner, a pending member; a non-owner caller; a wrong password', async () => {
    const owner = await seedTenant(ctx.db)
    const coOwner = await seedMember(ctx.db, owner.tenantId, 'owner')
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    const outsider = await seedUser(ctx.db)
    const pending = await seedUser(ctx.db)
    await ctx.db.insert(memberships).values({
      tenantId: owner.tenantId,
      id: newId(),
      userId: pending.userId,
      role: 'editor',
      status: 'pending',
    })
    for (const email of [
      outsider.email,
      owner.email,
      coOwner.email,
      pending.email,
      `nobody-${newId()}@example.com`,
    ]) {
      const response = await offer(owner.token, owner.tenantId, { email })
      expect(response.statusCode, email).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
    }
    expect((await offer(admin.token, owner.tenantId, { email: outsider.email })).statusCode).toBe(403)
    const wrong = await offer(owner.token, owner.tenantId, { email: admin.email, password: 'wrong' })
    expect(wrong.statusCode).toBe(401)
    expect(wrong.data.error).toBe('InvalidCredentials')
    expect(
      await ctx.db.select().from(ownershipTransfers).where(eq(ownershipTransfers.tenantId, owner.tenantId)),
    ).toEqual([])
  })

  it('answers 404 for another tenant and an unknown one, 401 without a session, 400 for bad bodies', async () => {
    const owner = await seedTenant(ctx.db)
    const member = await seedMember(ctx.db, owner.tenantId, 'editor')
    const other = await seedTenant(ctx.db)
    const foreign = await offer(other.token, owner.tenantId, { email: member.email })
    const unknown = await offer(other.token, newId(), { email: member.email })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.data).toEqual(unknown.data)
    expect(
      (await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/transfer-ownership`, { body: {} }))
        .statusCode,
    ).toBe(401)
    for (const body of [
      {},
      { email: member.email },
      { email: 'not-an-email', password: 'x' },
      { email: member.email, password: '' },
      { email: member.email, password: 'x', extra: 1 },
    ]) {
      const response = await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/transfer-ownership`, {
        token: owner.token,
        body,
      })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
    for (const body of [{}, { token: '' }, { token: 5 }, { token: 'x', more: 1 }]) {
      const response = await call(ctx.app, 'POST', `/api/tenants/${owner.tenantId}/accept-transfer`, {
        token: member.token,
        body,
      })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
  })

  it('keeps the token to its addressee, its tenant and its lifetime; a new offer replaces the open one', async () => {
    const owner = await seedTenant(ctx.db)
    const first = await seedMember(ctx.db, owner.tenantId, 'editor')
    const second = await seedMember(ctx.db, owner.tenantId, 'admin')
    await offer(owner.token, owner.tenantId, { email: first.email })
    const firstToken = await mailedToken(first.email)
    expect((await accept(second.token, owner.tenantId, firstToken)).data.error).toBe('InvalidToken')
    const elsewhere = await seedTenant(ctx.db)
    const foreign = await accept(elsewhere.token, owner.tenantId, firstToken)
    expect(foreign.statusCode).toBe(404)
    await offer(owner.token, owner.tenantId, { email: second.email })
    expect((await accept(first.token, owner.tenantId, firstToken)).data.error).toBe('InvalidToken')
    const secondToken = await mailedToken(second.email)
    await ctx.db
      .update(ownershipTransfers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ownershipTransfers.tenantId, owner.tenantId))
    expect((await accept(second.token, owner.tenantId, secondToken)).data.error).toBe('InvalidToken')
    expect(await roleOf(owner.tenantId, owner.userId)).toBe('owner')
  })

  it('fails when the offering owner is no longer an owner', async () => {
    const owner = await seedTenant(ctx.db)
    const coOwner = await seedMember(ctx.db, owner.tenantId, 'owner')
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    await offer(owner.token, owner.tenantId, { email: editor.email })
    await ctx.db
      .update(memberships)
      .set({ role: 'viewer' })
      .where(and(eq(memberships.tenantId, owner.tenantId), eq(memberships.userId, owner.userId)))
    const response = await accept(editor.token, owner.tenantId, await mailedToken(editor.email))
    expect(response.statusCode).toBe(400)
    expect(response.data.error).toBe('InvalidToken')
    expect(await roleOf(owner.tenantId, editor.userId)).toBe('editor')
    expect(await roleOf(owner.tenantId, coOwner.userId)).toBe('owner')
  })
})

describe('GET /api/tenants/{id}/transfer-preview', () => {
  it('shows the tenant, the addressee and the expiry of an open offer, and nothing for any other token or tenant', async () => {
    const owner = await seedTenant(ctx.db)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const offered = await offer(owner.token, owner.tenantId, { email: editor.email })
    const token = await mailedToken(editor.email)
    const preview = (tenantId: string, code: string) =>
      call(ctx.app, 'GET', `/api/tenants/${tenantId}/transfer-preview?token=${encodeURIComponent(code)}`)
    const shown = await preview(owner.tenantId, token)
    expect(shown.statusCode, shown.body).toBe(200)
    expect(shown.headers['cache-control']).toBe('no-store')
    expect(shown.data).toEqual({
      tenant: { id: owner.tenantId, name: `Tenant ${owner.tenantId}`, slug: `t-${owner.tenantId}` },
      email: editor.email,
      expiresAt: offered.data.transfer.expiresAt,
      requiresAuthentication: true,
    })
    const invalid = {
      error: 'InvalidToken',
      message: 'The transfer token is invalid, used or expired.',
    }
    const other = await seedTenant(ctx.db)
    for (const [tenantId, code] of [
      [other.tenantId, token],
      [owner.tenantId, `${token}x`],
    ] as const) {
      const refused = await preview(tenantId, code)
      expect(refused.statusCode).toBe(400)
      expect(refused.data).toEqual(invalid)
    }
    expect((await accept(editor.token, owner.tenantId, token)).statusCode).toBe(200)
    expect((await preview(owner.tenantId, token)).data).toEqual(invalid)
  })
})

describe('the open offer: GET and DELETE /api/tenants/{id}/transfer-ownership', () => {
  it('shows the open offer to owners only, and withdrawing it makes its mailed token useless', async () => {
    const owner = await seedTenant(ctx.db)
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    const path = `/api/tenants/${owner.tenantId}/transfer-ownership`
    const none = await call(ctx.app, 'GET', path, { token: owner.token })
    expect(none.statusCode, none.body).toBe(200)
    expect(none.data).toEqual({ transfer: null })

    const offered = await offer(owner.token, owner.tenantId, { email: editor.email })
    const token = await mailedToken(editor.email)
    const open = await call(ctx.app, 'GET', path, { token: owner.token })
    expect(open.data).toEqual({
      transfer: {
        id: offered.data.transfer.id,
        email: editor.email,
        expiresAt: offered.data.transfer.expiresAt,
        createdAt: expect.any(String),
      },
    })
    expect(open.body).not.toContain(token)
    expect((await call(ctx.app, 'GET', path, { token: editor.token })).statusCode).toBe(403)
    expect((await call(ctx.app, 'DELETE', path, { token: editor.token })).statusCode).toBe(403)
    const stranger = await seedTenant(ctx.db)
    expect((await call(ctx.app, 'GET', path, { token: stranger.token })).statusCode).toBe(404)
    expect((await call(ctx.app, 'DELETE', path, { token: stranger.token })).statusCode).toBe(404)

    const cancelled = await call(ctx.app, 'DELETE', path, { token: owner.token })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.data).toEqual({ cancelled: true })
    expect((await call(ctx.app, 'GET', path, { token: owner.token })).data).toEqual({ transfer: null })
    const refused = await accept(editor.token, owner.tenantId, token)
    expect(refused.statusCode).toBe(400)
    expect(refused.data.error).toBe('InvalidToken')
    expect(await roleOf(owner.tenantId, editor.userId)).toBe('editor')
    await vi.waitFor(
      async () => {
        const logged = await ctx.db
          .select({ action: activities.action })
          .from(activities)
          .where(
            and(
              eq(activities.tenantId, owner.tenantId),
              eq(activities.action, 'tenant.ownership-transfer-cancelled'),
            ),
          )
        expect(logged).toHaveLength(1)
      },
      { timeout: 10_000, interval: 100 },
    )

    const again = await call(ctx.app, 'DELETE', path, { token: owner.token })
    expect(again.data).toEqual({ cancelled: false })
  })
})
