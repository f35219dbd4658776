import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config.js'
import { call, createTestContext, seedApiToken, seedTenant, useTestContext } from './helpers.js'

const ctx = useTestContext()

describe('app frame', () => {
  it('answers health and readiness outside /api', async () => {
    const health = await call(ctx.app, 'GET', '/health')
    expect(health.statusCode).toBe(200)
    expect(health.data.status).toBe('ok')
    const ready = await call(ctx.app, 'GET', '/ready')
    expect(ready.statusCode).toBe(200)
    expect(ready.data.status).toBe('ready')
  })

  it('renders unknown /api routes as a JSON 404', async () => {
    const response = await call(ctx.app, 'GET', '/api/nothing-here')
    expect(response.statusCode).toBe(404)
    expect(response.data).toEqual({ error: 'NotFound', message: 'No route GET /api/nothing-here.' })
  })

  it('answers 401 without credentials on a tenant route', async () => {
    const response = await call(ctx.app, 'GET', '/api/roles')
    expect(response.statusCode).toBe(401)
    expect(response.data.error).toBe('Unauthorized')
  })

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const member = await seedTenant(ctx.db)
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      payload: '{"title": ',
    })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error).toBe('BadRequest')
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'x'.repeat(11 * 1024 * 1024) }),
    })
    expect(huge.statusCode).toBe(413)
    expect(huge.json().error).toBe('PayloadTooLarge')
  })
})

describe('configuration', () => {
  it('reports every invalid variable at once', () => {
    let caught: unknown
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        DATA_DIR: '/tmp/folio-config-test',
      })
    } catch (err) {
      caught = err
    }
    expect(caught).toBeInstanceOf(ConfigError)
    const problems = (caught as ConfigError).problems
    expect(problems).toHaveLength(3)
    expect(problems.join('\n')).toMatch(/PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL/)
  })

  it('requires APP_SECRET with PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toThrow(/APP_SECRET is required/)
  })
})

describe('logs', () => {
  it('carry request ids and never a password, session token or API token', async () => {
    const logs: string[] = []
    const logged = await createTestContext({ logs })
    try {
      const member = await seedTenant(logged.db)
      const apiToken = await seedApiToken(logged.db, member.tenantId, { scopes: ['read'] })
      await call(logged.app, 'POST', '/api/auth/login', {
        body: { email: member.email, password: 'wrong-password-123' },
        remoteAddress: '10.9.9.9',
      })
      await call(logged.app, 'GET', '/api/contents', { token: apiToken })
      await call(logged.app, 'GET', '/api/contents', {
        token: member.token,
        headers: { 'x-api-key': apiToken },
      })
      const text = logs.join('')
      expect(logs.length).toBeGreaterThan(4)
      expect(JSON.parse(logs[0] ?? '{}').reqId).toMatch(/^[0-9a-f-]{36}$/)
      for (const secret of ['wrong-password-123', apiToken, member.token]) expect(text).not.toContain(secret)
    } finally {
      await logged.close()
    }
  })
})
