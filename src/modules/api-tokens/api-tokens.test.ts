import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { call, seedApiToken, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'
import { apiTokens } from '../../db/schema/index.js'
import { sha256Hex } from '../../lib/hash.js'
import { newId } from '../../lib/ids.js'

const ctx = useTestContext()

const DAY_MS = 24 * 60 * 60 * 1000

async function createToken(token: string, body: Record<string, unknown> = { name: 'ci' }) {
  return call(ctx.app, 'POST', '/api/api-tokens', { token, body })
}

describe('POST /api/api-tokens', () => {
  it('creates a never-expiring read-only viewer token by default and stores only its SHA-256', async () => {
    const owner = await seedTenant(ctx.db)
    const response = await createToken(owner.token, { name: 'Build server' })
    expect(response.statusCode, response.body).toBe(201)
    const { token, plaintext } = response.data
    expect(plaintext).toMatch(/^folio_[A-Za-z0-9_-]{43}$/)
    expect(token).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      name: 'Build server',
      role: 'viewer',
      scopes: ['read'],
      expiresAt: null,
      lastUsedAt: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    const [row] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, token.id))
    expect(row).toMatchObject({
      tenantId: owner.tenantId,
      tokenHash: sha256Hex(plaintext),
      createdBy: owner.userId,
    })
    expect(JSON.stringify(row)).not.toContain(plaintext)
  })

  it('issues a plaintext that authenticates as Bearer and as X-API-Key on its own tenant', async () => {
    const owner = await seedTenant(ctx.db)
    const { plaintext } = (await createToken(owner.token)).data
    const asBearer = await call(ctx.app, 'GET', '/api/tenant/info', { token: plaintext })
    expect(asBearer.statusCode, asBearer.body).toBe(200)
    expect(asBearer.data.tenant.id).toBe(owner.tenantId)
    const asApiKey = await call(ctx.app, 'GET', '/api/tenant/info', { headers: { 'x-api-key': plaintext } })
    expect(asApiKey.statusCode, asApiKey.body).toBe(200)
    expect(asApiKey.data.tenant.id).toBe(owner.tenantId)
  })

  it('sets expiresAt expiresInDays from now, with the requested role and scopes', async () => {
    const owner = await seedTenant(ctx.db)
    const before = Date.now()
    const response = await createToken(owner.token, {
      name: 'Deploy',
      role: 'editor',
      scopes: ['read', 'write'],
      expiresInDays: 30,
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.data.token).toMatchObject({ role: 'editor', scopes: ['read', 'write'] })
    const expiresAt = Date.parse(response.data.token.expiresAt)
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS)
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS)
  })

  it('lets an admin grant up to its own level but not owner', async () => {
    const owner = await seedTenant(ctx.db)
    const admin = await seedMember(ctx.db, owner.tenantId, 'admin')
    expect((await createToken(admin.token, { name: 'a', role: 'admin' })).statusCode).toBe(201)
    const refused = await createToken(admin.token, { name: 'o', role: 'owner' })
    expect(refused.statusCode).toBe(403)
    expect(refused.data.error).toBe('Forbidden')
    expect((await createToken(owner.token, { name: 'o', role: 'owner' })).statusCode).toBe(201)
    const rows = await ctx.db.select().from(apiTokens).where(eq(apiTokens.tenantId, owner.tenantId))
    expect(rows.map((row) => row.role).sort()).toEqual(['admin', 'owner'])
  })

  it.each(['editor', 'author', 'viewer'])('refuses a %s every token route with 403', async (role) => {
    const owner = await seedTenant(ctx.db)
    const member = await seedMember(ctx.db, owner.tenantId, role)
    const existing = (await createToken(owner.token)).data.token.id
    expect((await createToken(member.token)).statusCode).toBe(403)
    expect((await call(ctx.app, 'GET', '/api/api-tokens', { token: member.token })).statusCode).toBe(403)
    const removal = await call(ctx.app, 'DELETE', `/api/api-tokens/${existing}`, { token: member.token })
    expect(removal.statusCode).toBe(403)
  })

  it('never lets an API token create, list or delete tokens, whatever its role and scopes', async () => {
    const owner = await seedTenant(ctx.db)
    const token = await seedApiToken(ctx.db, owner.tenantId, {
      role: 'owner',
      scopes: ['read', 'write', 'delete'],
    })
    const created = await createToken(token, { name: 'minted', role: 'owner' })
    expect(created.statusCode).toBe(403)
    expect(created.data.error).toBe('Forbidden')
    expect((await call(ctx.app, 'GET', '/api/api-tokens', { token })).statusCode).toBe(403)
    expect((await call(ctx.app, 'DELETE', `/api/api-tokens/${newId()}`, { token })).statusCode).toBe(403)
    const rows = await ctx.db.select().from(apiTokens).where(eq(apiTokens.tenantId, owner.tenantId))
    expect(rows).toHaveLength(1)
  })

  it.each([
    ['a missing name', {}],
    ['an empty name', { name: '' }],
    ['a name over 100 characters', { name: 'n'.repeat(101) }],
    ['an unknown role', { name: 'x', role: 'superuser' }],
    ['empty scopes', { name: 'x', scopes: [] }],
    ['duplicate scopes', { name: 'x', scopes: ['read', 'read'] }],
    ['an unknown scope', { name: 'x', scopes: ['admin'] }],
    ['expiresInDays 0', { name: 'x', expiresInDays: 0 }],
    ['expiresInDays over 3650', { name: 'x', expiresInDays: 3651 }],
    ['a fractional expiresInDays', { name: 'x', expiresInDays: 1.5 }],
    ['an unknown member', { name: 'x', tenantId: newId() }],
  ])('answers 400 for %s and creates nothing', async (_label, body) => {
    const owner = await seedTenant(ctx.db)
    const response = await createToken(owner.token, body)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.data.error).toBe('ValidationFailed')
    expect(await ctx.db.select().from(apiTokens).where(eq(apiTokens.tenantId, owner.tenantId))).toHaveLength(
      0,
    )
  })

  it('accepts the limits themselves: a 100-character name and 3650 days', async () => {
    const owner = await seedTenant(ctx.db)
    const response = await createToken(owner.token, { name: 'n'.repeat(100), expiresInDays: 3650 })
    expect(response.statusCode, response.body).toBe(201)
  })

  it('answers 401 without credentials', async () => {
    expect((await call(ctx.app, 'POST', '/api/api-tokens', { body: { name: 'x' } })).statusCode).toBe(401)
    expect((await call(ctx.app, 'GET', '/api/api-tokens')).statusCode).toBe(401)
    expect((await call(ctx.app, 'DELETE', `/api/api-tokens/${newId()}`)).statusCode).toBe(401)
  })
})

describe('using an API token', () => {
  it('answers 403 InsufficientScope when the token lacks the scope of the method', async () => {
    const owner = await seedTenant(ctx.db)
    const token = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['write'] })
    const response = await call(ctx.app, 'GET', '/api/tenant/info', { token })
    expect(response.statusCode).toBe(403)
    expect(response.data.error).toBe('InsufficientScope')
  })

  it('answers 403 when X-Tenant-ID or ?tenantId names another tenant, 200 for its own', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const token = await seedApiToken(ctx.db, owner.tenantId)
    const byHeader = await call(ctx.app, 'GET', '/api/tenant/info', {
      token,
      headers: { 'x-tenant-id': other.tenantId },
    })
    expect(byHeader.statusCode).toBe(403)
    const byQuery = await call(ctx.app, 'GET', `/api/tenant/info?tenantId=${other.tenantId}`, { token })
    expect(byQuery.statusCode).toBe(403)
    const own = await call(ctx.app, 'GET', '/api/tenant/info', {
      token,
      headers: { 'x-tenant-id': owner.tenantId },
    })
    expect(own.statusCode).toBe(200)
  })

  it('answers 401 to an expired token and to an unknown one', async () => {
    const owner = await seedTenant(ctx.db)
    const expired = await seedApiToken(ctx.db, owner.tenantId, { expiresAt: new Date(Date.now() - 1000) })
    const response = await call(ctx.app, 'GET', '/api/tenant/info', { token: expired })
    expect(response.statusCode).toBe(401)
    const unknown = await call(ctx.app, 'GET', '/api/tenant/info', { token: `folio_${'A'.repeat(43)}` })
    expect(unknown.statusCode).toBe(401)
  })

  it('records lastUsedAt after the token is used', async () => {
    const owner = await seedTenant(ctx.db)
    const { token, plaintext } = (await createToken(owner.token)).data
    expect((await call(ctx.app, 'GET', '/api/tenant/info', { token: plaintext })).statusCode).toBe(200)
    await vi.waitFor(async () => {
      const list = await call(ctx.app, 'GET', '/api/api-tokens', { token: owner.token })
      expect(list.data.tokens.find((t: { id: string }) => t.id === token.id)?.lastUsedAt).toEqual(
        expect.any(String),
      )
    })
  })
})

describe('GET /api/api-tokens', () => {
  it("lists the tenant's tokens newest first with their creator, never a hash or plaintext", async () => {
    const owner = await seedTenant(ctx.db)
    const seeded = await seedApiToken(ctx.db, owner.tenantId)
    const first = (await createToken(owner.token, { name: 'first' })).data
    const second = (await createToken(owner.token, { name: 'second' })).data
    const response = await call(ctx.app, 'GET', '/api/api-tokens', { token: owner.token })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.data.tokens.map((t: { name: string }) => t.name)).toEqual([
      'second',
      'first',
      'test token',
    ])
    expect(response.data.tokens[0]).toEqual({ ...second.token, createdBy: owner.userId })
    expect(response.data.tokens[2].createdBy).toBeNull()
    for (const forbidden of [
      'tokenHash',
      'token_hash',
      'folio_',
      sha256Hex(first.plaintext),
      sha256Hex(seeded),
    ]) {
      expect(response.body).not.toContain(forbidden)
    }
  })

  it("never shows another tenant's tokens", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    await createToken(other.token, { name: 'theirs' })
    const response = await call(ctx.app, 'GET', '/api/api-tokens', { token: owner.token })
    expect(response.data).toEqual({ tokens: [] })
  })

  it('rejects unknown and prototype-polluting query parameters with 400', async () => {
    const owner = await seedTenant(ctx.db)
    for (const query of ['foo=1', '__proto__=x', 'constructor=x', 'limit=100000']) {
      const response = await call(ctx.app, 'GET', `/api/api-tokens?${query}`, { token: owner.token })
      expect(response.statusCode, query).toBe(400)
    }
  })
})

describe('DELETE /api/api-tokens/:id', () => {
  it('revokes the token at once: the very next request with it answers 401', async () => {
    const owner = await seedTenant(ctx.db)
    const { token, plaintext } = (await createToken(owner.token)).data
    // Used first, so the credential cache holds it when it is deleted.
    expect((await call(ctx.app, 'GET', '/api/tenant/info', { token: plaintext })).statusCode).toBe(200)
    const removal = await call(ctx.app, 'DELETE', `/api/api-tokens/${token.id}`, { token: owner.token })
    expect(removal.statusCode, removal.body).toBe(200)
    expect(removal.data).toEqual({ success: true })
    expect((await call(ctx.app, 'GET', '/api/tenant/info', { token: plaintext })).statusCode).toBe(401)
    expect((await call(ctx.app, 'GET', '/api/api-tokens', { token: owner.token })).data.tokens).toEqual([])
  })

  it("answers the same 404 for an unknown id and another tenant's token, which keeps working", async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const theirs = (await createToken(other.token)).data
    const unknown = await call(ctx.app, 'DELETE', `/api/api-tokens/${newId()}`, { token: owner.token })
    const crossTenant = await call(ctx.app, 'DELETE', `/api/api-tokens/${theirs.token.id}`, {
      token: owner.token,
    })
    expect(unknown.statusCode).toBe(404)
    expect(crossTenant.statusCode).toBe(404)
    expect(crossTenant.data).toEqual(unknown.data)
    expect((await call(ctx.app, 'GET', '/api/tenant/info', { token: theirs.plaintext })).statusCode).toBe(200)
  })

  it('answers 404 when the token was already deleted and 400 for a malformed id', async () => {
    const owner = await seedTenant(ctx.db)
    const { token } = (await createToken(owner.token)).data
    expect(
      (await call(ctx.app, 'DELETE', `/api/api-tokens/${token.id}`, { token: owner.token })).statusCode,
    ).toBe(200)
    expect(
      (await call(ctx.app, 'DELETE', `/api/api-tokens/${token.id}`, { token: owner.token })).statusCode,
    ).toBe(404)
    for (const id of ['not-an-id', "1'%20OR%20'1'='1", token.id.toUpperCase()]) {
      const response = await call(ctx.app, 'DELETE', `/api/api-tokens/${id}`, { token: owner.token })
      expect(response.statusCode, id).toBe(400)
    }
  })
})
