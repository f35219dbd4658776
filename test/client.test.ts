import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  createFolioClient,
  createPublicClient,
  FolioError,
  requestBodies,
  unwrap,
} from '../packages/client/src/index.js'
import {
  CLIENT_SCHEMA_FILE,
  REQUEST_BODIES_FILE,
  renderClientSchema,
  renderRequestBodies,
} from '../scripts/client-schema.js'
import { newId } from '../src/lib/ids.js'
import { call, TEST_PASSWORD, uniqueEmail, useTestContext } from './helpers.js'

/**
 * `@folio/client` (packages/client): its generated types against the document this app serves,
 * and its behaviour against this app listening on a real port (fetch, not inject).
 */
const ctx = useTestContext()
let baseUrl = ''

beforeAll(async () => {
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
})

/** The first line where two texts differ (1-based), with both versions of it. */
function firstDifference(committed: string, generated: string): string {
  const a = committed.split('\n')
  const b = generated.split('\n')
  const line = a.findIndex((text, index) => text !== b[index])
  const at = line === -1 ? a.length : line
  const shown = (text: string | undefined) => JSON.stringify(text?.trim().slice(0, 120))
  return `line ${at + 1}: committed ${shown(a[at])}, served ${shown(b[at])}`
}

/** Rejects with the FolioError `promise` throws (and fails when it resolves). */
async function folioError(promise: Promise<unknown>): Promise<FolioError> {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  expect(error).toBeInstanceOf(FolioError)
  return error as FolioError
}

/**
 * A browser's fetch in miniature: keeps the cookies the server sets and sends them back, which is
 * what `credentials: 'include'` leaves to the browser.
 */
function browserFetch() {
  const jar = new Map<string, string>()
  return async (request: Request): Promise<Response> => {
    if (jar.size > 0) {
      request.headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    }
    const response = await fetch(request)
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const [name = '', value = ''] = pair.split('=')
      jar.set(name.trim(), value.trim())
    }
    return response
  }
}

async function signUp(email: string) {
  const anonymous = createFolioClient({ baseUrl })
  await unwrap(
    anonymous.POST('/api/auth/register', {
      body: { email, password: TEST_PASSWORD, firstName: 'Ada', lastName: 'Client' },
    }),
  )
}

describe('generated types', () => {
  it('are what openapi-typescript makes of the served document, byte for byte', async () => {
    const document = (await call(ctx.app, 'GET', '/api/docs/json')).data
    const generated = await renderClientSchema(document)
    const committed = readFileSync(fileURLToPath(CLIENT_SCHEMA_FILE), 'utf8')
    // Not toBe: a failure would print both texts (well over a megabyte each).
    if (generated !== committed) {
      expect.fail(
        `packages/client/src/schema.ts does not match the served OpenAPI document: run \`npm run generate:client\` and commit the result (${firstDifference(committed, generated)}).`,
      )
    }
    expect(committed).toContain('ErrorCode: "ValidationFailed" | "BadRequest"')
  })

  it('carry the request bodies of the served document as JSON schemas, byte for byte', async () => {
    const document = (await call(ctx.app, 'GET', '/api/docs/json')).data
    const generated = renderRequestBodies(document)
    const committed = readFileSync(fileURLToPath(REQUEST_BODIES_FILE), 'utf8')
    if (generated !== committed) {
      expect.fail(
        `packages/client/src/request-bodies.ts does not match the served OpenAPI document: run \`npm run generate:client\` and commit the result (${firstDifference(committed, generated)}).`,
      )
    }
    // OpenAPI's `nullable` is a JSON Schema `null` type there; annotations are left out, but the
    // API's words for a pattern (`x-expect`).
    expect(requestBodies.createContent).toMatchObject({
      required: ['title'],
      properties: { title: { type: 'string', minLength: 1, maxLength: 500 } },
    })
    expect((requestBodies.createContent.properties as Record<string, unknown>).featuredMediaId).toEqual({
      type: ['string', 'null'],
      pattern: '^[a-f0-9]{24}$',
      'x-expect': '24 lowercase hex characters',
    })
  })
})

describe('@folio/client against a listening app', () => {
  const email = uniqueEmail('client')
  let token = ''
  let tenantId = ''
  let publishedSlug = ''

  beforeAll(async () => {
    await signUp(email)
    const anonymous = createFolioClient({ baseUrl })
    const login = await unwrap(
      anonymous.POST('/api/auth/login', { body: { email, password: TEST_PASSWORD } }),
    )
    token = login.token
  })

  it('with a Bearer token, creates a tenant and a content on it (X-Tenant-ID)', async () => {
    const folio = createFolioClient({ baseUrl, token })
    const created = await unwrap(
      folio.POST('/api/tenants', { body: { name: 'Client Test', slug: `client-${newId()}` } }),
    )
    tenantId = created.tenant.id
    const ofTenant = folio.forTenant(tenantId)
    expect([folio.tenantId, ofTenant.tenantId]).toEqual([undefined, tenantId])

    const { content } = await unwrap(
      ofTenant.POST('/api/contents', { body: { title: 'Typed hello', status: 'published' } }),
    )
    expect(content).toMatchObject({ title: 'Typed hello', status: 'published' })
    publishedSlug = content.slug
    const read = await unwrap(ofTenant.GET('/api/contents/{id}', { params: { path: { id: content.id } } }))
    expect(read.content.title).toBe('Typed hello')

    // Another tenant, named by the header the client sends: the user is no member of it.
    const refused = await folioError(unwrap(ofTenant.forTenant(newId()).GET('/api/contents')))
    expect([refused.status, refused.code]).toEqual([403, 'Forbidden'])
  })

  it('turns a 404 into a FolioError with the code NotFound, and a 400 with its details', async () => {
    const folio = createFolioClient({ baseUrl, token, tenantId })
    const missing = await folioError(
      unwrap(folio.GET('/api/contents/{id}', { params: { path: { id: newId() } } })),
    )
    expect(missing).toMatchObject({ status: 404, code: 'NotFound', message: 'Content not found.' })
    expect(missing.body).toEqual({ error: 'NotFound', message: 'Content not found.' })

    const invalid = await folioError(unwrap(folio.POST('/api/contents', { body: { title: '' } })))
    expect([invalid.status, invalid.code]).toEqual([400, 'ValidationFailed'])
    expect(invalid.details?.length).toBeGreaterThan(0)
  })

  it('with the session cookie, sends the CSRF token the session answers carry, and gets CsrfTokenInvalid without it', async () => {
    const browser = createFolioClient({ baseUrl, credentials: 'include', fetch: browserFetch() })
    const login = await unwrap(browser.POST('/api/auth/login', { body: { email, password: TEST_PASSWORD } }))
    expect(browser.csrfToken).toBe(login.csrfToken)

    // The switch rotates the cookie and the CSRF token; the client follows it.
    await unwrap(browser.POST('/api/auth/switch-tenant', { body: { tenantId } }))
    expect(browser.csrfToken).not.toBe(login.csrfToken)
    // A client of the tenant shares the root client's credentials, the rotated CSRF token included.
    const ofTenant = browser.forTenant(tenantId)
    const { tag } = await unwrap(ofTenant.POST('/api/tags', { body: { title: 'Cookie tag' } }))
    expect(tag.title).toBe('Cookie tag')
    const session = await unwrap(browser.GET('/api/auth/session'))
    expect(session.authenticated && session.activeMembership?.tenantId).toBe(tenantId)

    browser.setCsrfToken(undefined)
    const refused = await folioError(unwrap(ofTenant.POST('/api/tags', { body: { title: 'No CSRF' } })))
    expect([refused.status, refused.code]).toEqual([403, 'CsrfTokenInvalid'])
    // A safe method needs no CSRF token.
    const tags = await unwrap(browser.GET('/api/tags'))
    expect(tags.tags.map((item) => item.title)).toEqual(['Cookie tag'])
  })

  it('reads what the tenant published through the public client, and only that', async () => {
    const site = createPublicClient({ baseUrl, tenantId })
    const { content } = await site.contents.bySlug(publishedSlug)
    expect(content).toMatchObject({ title: 'Typed hello', slug: publishedSlug })
    const list = await site.contents.list({ limit: 5 })
    expect(list.contents.map((item) => item.slug)).toEqual([publishedSlug])

    const folio = createFolioClient({ baseUrl, token, tenantId })
    const draft = await unwrap(folio.POST('/api/contents', { body: { title: 'Not yet', status: 'draft' } }))
    const hidden = await folioError(site.contents.bySlug(draft.content.slug))
    expect([hidden.status, hidden.code]).toEqual([404, 'NotFound'])
    const unknownTenant = await folioError(createPublicClient({ baseUrl, tenantId: newId() }).contents.list())
    expect([unknownTenant.status, unknownTenant.code]).toEqual([404, 'NotFound'])
  })
})

describe('FolioError', () => {
  it('names an answer that is not Folio’s error body UnexpectedResponse, keeping its status', async () => {
    const proxy = async () => new Response('<html>Bad gateway</html>', { status: 502 })
    const folio = createFolioClient({ baseUrl: 'http://folio.invalid', fetch: proxy })
    const error = await folioError(unwrap(folio.GET('/health')))
    expect(error).toMatchObject({ status: 502, code: 'UnexpectedResponse', body: undefined })
    expect(error.message).toContain('HTTP 502')
  })
})
