import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { ERROR_CODES } from '../src/errors.js'
import { EVENT_TYPES } from '../src/events/catalog.js'
import { call, createTestContext, type TestContext } from './helpers.js'

let ctx: TestContext
let document: any
beforeAll(async () => {
  ctx = await createTestContext()
  document = (await call(ctx.app, 'GET', '/api/docs/json')).data
})
afterAll(() => ctx.close())

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

function operations() {
  return Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method] })),
  )
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.0.3 document with version 0.1.0', async () => {
    expect(document.openapi).toBe('3.0.3')
    expect(document.info.version).toBe('0.1.0')
    const result = await new Validator().validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('declares the four security schemes', () => {
    const schemes = document.components.securitySchemes
    expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(schemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(schemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' })
    expect(schemes.tenantId).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Tenant-ID' })
  })

  it('gives every route a unique operationId, a tag and a response schema for each status', () => {
    const list = operations().filter(({ path }) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
    expect(list.length).toBeGreaterThan(30)
    const ids = list.map(({ operation }) => operation.operationId)
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    for (const { path, method, operation } of list) {
      expect(operation.tags?.length, `${method} ${path} tags`).toBeGreaterThan(0)
      const statuses = Object.keys(operation.responses ?? {})
      // A browser redirect (Google sign-in's start and callback) succeeds with a 302 and no body.
      expect(
        statuses.some((status) => status.startsWith('2') || status === '302'),
        `${method} ${path} 2xx`,
      ).toBe(true)
      // A 304 (If-None-Match on a current ETag) has no body.
      for (const status of statuses.filter((status) => status !== '302' && status !== '304')) {
        expect(
          // A file download (CSV export, tenant archive) or a stream declares its own media type instead of JSON.
          operation.responses[status].content?.['application/json']?.schema ??
            operation.responses[status].content?.['text/csv']?.schema ??
            operation.responses[status].content?.['application/gzip']?.schema ??
            operation.responses[status].content?.['text/event-stream']?.schema,
          `${method} ${path} ${status}`,
        ).toBeDefined()
      }
    }
  })

  it('declares the 503 of a database outage on every operation but /health, with the error body', () => {
    const without = operations()
      .filter(({ operation }) => operation.responses['503'] === undefined)
      .map(({ method, path }) => `${method} ${path}`)
    expect(without).toEqual(['get /health'])
    const unavailable = document.paths['/api/contents'].post.responses['503']
    expect(unavailable.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' })
    expect(unavailable.description).toContain('ServiceUnavailable with Retry-After')
  })

  it('describes every operation (what, who may call it, errors) and every response', () => {
    for (const { path, method, operation } of operations()) {
      if (path.startsWith('/api/docs')) continue
      const where = `${method} ${path}`
      expect(operation.description, where).toContain('**Who may call it:**')
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        expect(response.description, `${where} ${status}`).not.toBe('Default Response')
        if (Number(status) >= 400) expect(operation.description, where).toContain(`**${status}**`)
      }
    }
    const listContents = document.paths['/api/contents'].get
    expect(listContents.description).toContain(
      '`content:view` permission (system roles: owner, admin, editor, author, viewer)',
    )
    expect(document.paths['/api/auth/login'].post.description).toContain('Anyone; no credentials are needed.')
  })

  it('declares X-Tenant-ID on tenant routes and not on account routes', () => {
    const headerNames = (operation: any) =>
      (operation.parameters ?? []).filter((p: any) => p.in === 'header').map((p: any) => p.name)
    expect(headerNames(document.paths['/api/contents'].get)).toEqual(['X-Tenant-ID'])
    expect(headerNames(document.paths['/api/api-tokens'].post)).toEqual(['X-Tenant-ID'])
    expect(headerNames(document.paths['/api/users/me'].get)).toEqual([])
    expect(headerNames(document.paths['/api/auth/login'].post)).toEqual([])
  })

  it('gives examples for the main request bodies', () => {
    const example = (path: string, method: string) =>
      document.paths[path][method].requestBody.content['application/json'].schema.example
    expect(example('/api/tenants', 'post')).toEqual({ name: 'Ada Blog', slug: 'ada' })
    expect(example('/api/tags', 'post')).toEqual({ title: 'Street food' })
    expect(example('/api/categories', 'post')).toMatchObject({ name: 'Travel' })
    expect(example('/api/media/external', 'post')).toMatchObject({ provider: 'youtube' })
  })

  it('documents the webhook body of every event type of the catalog that is sent', () => {
    const sent = EVENT_TYPES.filter((type) => !type.startsWith('webhook.'))
    expect(sent.length).toBeGreaterThan(60)
    const schemas = document.components.schemas
    for (const type of sent) {
      const body = schemas[`WebhookEvent.${type}`]
      expect(body?.properties.type.enum, type).toEqual([type])
      expect(body.properties.data.properties.id, type).toBeDefined()
      expect(document['x-webhooks'][type].post.requestBody.content['application/json'].schema).toEqual({
        $ref: `#/components/schemas/WebhookEvent.${type}`,
      })
    }
    expect(schemas.WebhookEvent.discriminator.mapping['content.updated']).toBe(
      '#/components/schemas/WebhookEvent.content.updated',
    )
    expect(schemas['WebhookEvent.content.updated'].properties.data.properties).toMatchObject({
      changed: { type: 'array', items: { type: 'string' } },
    })
    expect(schemas['WebhookEvent.content.updated'].properties.data.properties.html).toBeUndefined()
    expect(schemas['WebhookEvent.media.updated'].properties.data.properties.title).toEqual({
      type: 'string',
      nullable: true,
    })
    expect(schemas['WebhookEvent.webhook.tested']).toBeUndefined()
  })

  it('declares the error body once, its code an enum of the whole catalog', () => {
    const schemas = document.components.schemas
    expect(schemas.ErrorCode.enum).toEqual(ERROR_CODES)
    expect(schemas.ErrorCode.enum).toContain('CsrfTokenInvalid')
    expect(schemas.ErrorBody.required).toEqual(['error', 'message'])
    expect(schemas.ErrorBody.properties.error).toEqual({ $ref: '#/components/schemas/ErrorCode' })
    const notFound = document.paths['/api/contents/{id}'].get.responses['404']
    expect(notFound.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' })
    expect(notFound.description).toContain('(NotFound)')
    // Every error answer of every operation is that body, except /ready's own 503 report.
    const others = operations().flatMap(({ path, method, operation }) =>
      Object.entries<any>(operation.responses)
        .filter(
          ([status, response]) =>
            Number(status) >= 400 && response.content['application/json'].schema.$ref === undefined,
        )
        .map(([status]) => `${method} ${path} ${status}`),
    )
    expect(others).toEqual(['get /ready 503'])
  })

  it('serves the interactive page under a policy that allows its styles and no inline script', async () => {
    const page = await call(ctx.app, 'GET', '/api/docs/static/index.html')
    const policy = String(page.headers['content-security-policy'])
    expect(policy).toContain("style-src 'self' 'unsafe-inline'")
    expect(policy).toContain("script-src 'self';")
    expect(policy).toContain("script-src-attr 'none'")
    expect(policy).not.toContain('validator.swagger.io')
  })

  it('serves the document as YAML and the interactive page', async () => {
    const yaml = await call(ctx.app, 'GET', '/api/docs/yaml')
    expect(yaml.statusCode).toBe(200)
    expect(yaml.body).toContain('openapi: 3.0.3')
    // Plain YAML: the yaml package's default limits (maxAliasCount 100) take it, and it is the JSON document.
    expect(yaml.body).not.toMatch(/ [&*]a\d+$/m)
    const json = await call(ctx.app, 'GET', '/api/docs/json')
    expect(parseYaml(yaml.body)).toEqual(json.data)
    const page = await call(ctx.app, 'GET', '/api/docs')
    expect([200, 302]).toContain(page.statusCode)
  })
})
