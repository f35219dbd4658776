import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config.js'
import { authPlugin } from '../src/http/auth.js'
import type { Credentials } from '../src/modules/auth/credentials.js'
import { call, createTestContext, seedApiToken, seedTenant, useTestContext } from './helpers.js'

const ctx = useTestContext()

describe('app frame', () => {
  it('answers health and readiness outside /api', async () => {
    const health = await call(ctx.app, 'GET', '/health')
    expect(health.statusCode).toBe(200)
    expect(health.data.status).toBe('ok')
    const ready = await call(ctx.app, 'GET', '/ready')
    expect(ready.statusCode).toBe(200)
    expect(ready.data).toMatchObject({ status: 'ready', degraded: [] })
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

describe('route access', () => {
  const withRoute = async (config: Record<string, unknown>) => {
    const app = Fastify()
    await app.register(async (api) => {
      await api.register(authPlugin, { credentials: {} as Credentials })
      api.get('/x', { config }, async () => ({}))
    })
    return app.ready()
  }

  it('refuses at registration a route that declares no access, or a tenant route without a permission', async () => {
    await expect(withRoute({})).rejects.toThrow('GET /x declares no access')
    await expect(withRoute({ auth: 'tenant' })).rejects.toThrow(
      'GET /x acts on a tenant but declares no permission',
    )
    await expect(withRoute({ auth: 'tenant', permission: 'content:view' })).resolves.toBeDefined()
    await expect(withRoute({ auth: 'none' })).resolves.toBeDefined()
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
      // The credential headers are logged, so only redaction keeps their values out.
      const headers = logs.map((line) => JSON.parse(line).req?.headers).filter(Boolean)
      expect(headers).toContainEqual(expect.objectContaining({ authorization: '[redacted]' }))
      expect(headers).toContainEqual(expect.objectContaining({ 'x-api-key': '[redacted]' }))
      for (const secret of ['wrong-password-123', apiToken, member.token]) expect(text).not.toContain(secret)
    } finally {
      await logged.close()
    }
  })

  it('log a failed query by class, SQLSTATE and statement, never by its parameters', async () => {
    const logs: string[] = []
    const logged = await createTestContext({ logs })
    try {
      const email = 'query-parameter@example.test'
      await logged.database.close()
      const response = await call(logged.app, 'POST', '/api/auth/login', {
        body: { email, password: 'never-logged-password' },
      })
      expect(response.statusCode).toBe(500)
      expect(response.data).toEqual({
        error: 'InternalServerError',
        message: 'An unexpected error occurred.',
      })
      const failure = logs
        .map((line) => JSON.parse(line))
        .find((line) => line.msg === 'request failed')?.failure
      expect(failure).toMatchObject({
        type: 'DrizzleQueryError',
        statement: expect.stringContaining('select'),
      })
      const text = logs.join('')
      expect(text).not.toContain(email)
      expect(text).not.toContain('never-logged-password')
    } finally {
      await logged.close()
    }
  })

  it('redact one-time tokens from logged URLs', async () => {
    const logs: string[] = []
    const logged = await createTestContext({ logs })
    try {
      await call(logged.app, 'GET', '/api/contents?token=one-time-secret&limit=1')
      const text = logs.join('')
      expect(text).toContain('token=[redacted]&limit=1')
      expect(text).not.toContain('one-time-secret')
    } finally {
      await logged.close()
    }
  })
})
