import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
      expect(
        statuses.some((status) => status.startsWith('2')),
        `${method} ${path} 2xx`,
      ).toBe(true)
      for (const status of statuses) {
        expect(
          operation.responses[status].content?.['application/json']?.schema,
          `${method} ${path} ${status}`,
        ).toBeDefined()
      }
    }
  })

  it('serves the document as YAML and the interactive page', async () => {
    const yaml = await call(ctx.app, 'GET', '/api/docs/yaml')
    expect(yaml.statusCode).toBe(200)
    expect(yaml.body).toContain('openapi: 3.0.3')
    const page = await call(ctx.app, 'GET', '/api/docs')
    expect([200, 302]).toContain(page.statusCode)
  })
})
