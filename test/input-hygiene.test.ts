import { describe, expect, it } from 'vitest'
import { call, seedTenant, uniqueEmail, useTestContext } from './helpers.js'

/** docs/decisions/input-hygiene.md: bad input is a clear 400 at validation and changes nothing. */
const ctx = useTestContext()

const raw = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload: string) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload,
  })

const nested = (depth: number) => {
  let value: Record<string, unknown> = {}
  for (let level = 0; level < depth; level++) value = { a: value }
  return value
}

async function contentCount(token: string): Promise<number> {
  const list = await call(ctx.app, 'GET', '/api/contents?limit=1', { token })
  return list.data.pagination.total
}

describe('text PostgreSQL cannot store', () => {
  it('answers 400 for a NUL character in a body, a query, a path or an object key, and stores nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const inBody = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'a\u0000b' },
    })
    expect(inBody.statusCode).toBe(400)
    expect(inBody.data).toMatchObject({
      error: 'ValidationFailed',
      message: 'The title must not contain a NUL character (U+0000).',
    })
    const inKey = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'ok', customFields: { 'x\u0000': 1 } },
    })
    expect(inKey.statusCode).toBe(400)
    expect(inKey.data.details[0].path).toBe('body/customFields/x\u0000')
    const inPath = await call(ctx.app, 'GET', '/api/contents/slug/%00', { token: owner.token })
    expect(inPath.statusCode).toBe(400)
    expect(inPath.data.message).toBe('The path parameter "slug" must not contain a NUL character (U+0000).')
    const inQuery = await call(ctx.app, 'GET', '/api/contents?search=a%00', { token: owner.token })
    expect(inQuery.statusCode).toBe(400)
    expect(inQuery.data.message).toBe(
      'The query parameter "search" must not contain a NUL character (U+0000).',
    )
    expect(await contentCount(owner.token)).toBe(0)
  })

  it('answers 400 for a lone surrogate', async () => {
    const owner = await seedTenant(ctx.db)
    const response = await raw('POST', '/api/tags', owner.token, '{"title":"a\\ud800b"}')
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe('The title must be valid Unicode (it holds a lone surrogate).')
  })
})

describe('free objects', () => {
  it('refuses customFields nested deeper than 32 levels, even 100,000 deep, with a 400', async () => {
    const owner = await seedTenant(ctx.db)
    const ok = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'depth 31', customFields: nested(31) },
    })
    expect(ok.statusCode).toBe(200)
    const deep = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'depth 33', customFields: nested(33) },
    })
    expect(deep.statusCode).toBe(400)
    expect(deep.data.message).toBe('The custom fields are nested deeper than 32 levels.')
    const hostile = `{"title":"x","customFields":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`
    const veryDeep = await raw('POST', '/api/contents', owner.token, hostile)
    expect(veryDeep.statusCode).toBe(400)
    expect(await contentCount(owner.token)).toBe(1)
  })

  it('refuses more than 1,000 members, more than 256 KB, and prototype keys', async () => {
    const owner = await seedTenant(ctx.db)
    const many = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i]))
    const tooMany = await call(ctx.app, 'POST', '/api/categories', {
      token: owner.token,
      body: { name: 'many', metadata: many },
    })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.data.message).toBe('The metadata has more than 1000 members in all.')
    const large = await call(ctx.app, 'POST', '/api/categories', {
      token: owner.token,
      body: { name: 'large', settings: { text: 'x'.repeat(300 * 1024) } },
    })
    expect(large.statusCode).toBe(400)
    expect(large.data.message).toBe('The settings are larger than 256 KB as JSON.')
    const polluted = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'x', customFields: { nested: { prototype: 1 } } },
    })
    expect(polluted.statusCode).toBe(400)
    expect(polluted.data.message).toBe('The custom fields must not contain the key "prototype".')
    const proto = await raw('POST', '/api/tags', owner.token, '{"title":"x","__proto__":{"admin":true}}')
    expect(proto.statusCode).toBe(400)
    expect(proto.json().error).toBe('ValidationFailed')
  })

  it('lets lexical grow to 2 MB but not beyond', async () => {
    const owner = await seedTenant(ctx.db)
    const big = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'big', lexical: { root: 'x'.repeat(1024 * 1024) } },
    })
    expect(big.statusCode).toBe(200)
    const tooBig = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'too big', lexical: { root: 'x'.repeat(2 * 1024 * 1024) } },
    })
    expect(tooBig.statusCode).toBe(400)
    expect(tooBig.data.message).toBe('The Lexical editor state is larger than 2048 KB as JSON.')
  })

  it('takes a long article’s editor document: thousands of members, up to 200,000', async () => {
    const owner = await seedTenant(ctx.db)
    const paragraph = (n: number) => ({
      type: 'paragraph',
      version: 1,
      children: [{ type: 'text', version: 1, text: `Paragraph ${n}`, format: 0, detail: 0, mode: 'normal' }],
    })
    const document = (paragraphs: number) => ({
      root: {
        type: 'root',
        version: 1,
        children: Array.from({ length: paragraphs }, (_, n) => paragraph(n)),
      },
    })
    // 400 paragraphs: about 4,000 members, as a long post has.
    const long = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'long', lexical: document(400) },
    })
    expect(long.statusCode, long.body).toBe(200)
    const tooMany = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'too many', lexical: { root: { children: Array.from({ length: 200_001 }, () => 0) } } },
    })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.data.message).toBe('The Lexical editor state has more than 200000 members in all.')
  })
})

describe('type coercion', () => {
  it('never coerces JSON bodies', async () => {
    const owner = await seedTenant(ctx.db)
    const number = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 12345 },
    })
    expect(number.statusCode).toBe(400)
    expect(number.data.message).toBe('The title must be text.')
    const register = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { email: 'coerce@example.test', password: 'secret-1', firstName: ['x'], lastName: 'Y' },
    })
    expect(register.statusCode).toBe(400)
    expect(register.data.message).toBe('The first name must be text.')
    expect(await contentCount(owner.token)).toBe(0)
  })

  it('still reads numbers and lists from query strings', async () => {
    const owner = await seedTenant(ctx.db)
    const list = await call(ctx.app, 'GET', '/api/contents?limit=5&page=2', { token: owner.token })
    expect(list.statusCode).toBe(200)
    expect(list.data.pagination).toMatchObject({ page: 2, limit: 5 })
  })
})

describe('empty JSON bodies', () => {
  it('are accepted on routes without a body and read as {} on routes with one', async () => {
    const owner = await seedTenant(ctx.db)
    const tag = await call(ctx.app, 'POST', '/api/tags', { token: owner.token, body: { title: 'gone' } })
    const deleted = await raw('DELETE', `/api/api-tokens/${tag.data.tag.id}`, owner.token, '')
    expect(deleted.statusCode).toBe(404)
    expect(deleted.json().error).toBe('NotFound')
    const logout = await raw('POST', '/api/auth/logout', owner.token, '')
    expect(logout.statusCode).toBe(200)
    const other = await seedTenant(ctx.db)
    const create = await raw('POST', '/api/contents', other.token, '')
    expect(create.statusCode).toBe(400)
    expect(create.json().message).toBe('The title is required.')
  })
})

describe('validation messages', () => {
  it('name the member and what was expected', async () => {
    const owner = await seedTenant(ctx.db)
    const cases: [string, string][] = [
      [
        '/api/contents?status=live',
        'The query parameter "status" must be one of draft, published, scheduled, archived.',
      ],
      ['/api/contents?tag=abc', 'The query parameter "tag" must be one or more comma-separated 24-hex ids.'],
      ['/api/contents?limit=500', 'The query parameter "limit" must be 100 or less.'],
      [
        '/api/contents?colour=red',
        'The query parameter "colour" is not accepted here (accepted: status, search, category, categories, categoryName, tag, tagName, type, parent, locale, missingLocale, publishedFrom, publishedTo, page, limit, view, tenantId).',
      ],
      [
        '/api/contents?publishedFrom=yesterday',
        'The query parameter "publishedFrom" must be a date (YYYY-MM-DD) or a date-time (RFC 3339, e.g. 2024-05-01T12:00:00Z).',
      ],
      ['/api/contents/not-an-id', 'The path parameter "id" must be 24 lowercase hex characters.'],
    ]
    for (const [url, message] of cases) {
      const response = await call(ctx.app, 'GET', url, { token: owner.token })
      expect(response.statusCode, url).toBe(400)
      expect(response.data.message, url).toBe(message)
    }
  })

  it('are sentences naming the member in words, with the real limit', async () => {
    const response = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { email: uniqueEmail('short'), password: 'abc', firstName: 'Ada', lastName: 'Lovelace' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.data).toEqual({
      error: 'ValidationFailed',
      message: 'The password must be at least 6 characters long.',
      details: [{ path: 'body/password', message: 'The password must be at least 6 characters long.' }],
    })
    const unknown = await call(ctx.app, 'POST', '/api/auth/google/unlink', {
      token: (await seedTenant(ctx.db)).token,
      body: { currentPassword: 'x', extra: true },
    })
    expect(unknown.data.message).toBe('The body may not contain "extra" (accepted: currentPassword).')
    expect(unknown.data.details).toEqual([{ path: 'body', member: 'extra', message: unknown.data.message }])
  })

  it('refuse query parameters on routes that take none', async () => {
    const response = await call(ctx.app, 'POST', '/api/auth/login?debug=1', {
      body: { email: 'a@example.test', password: 'x' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.data.message).toBe(
      'The query parameter "debug" is not accepted here (this route takes none).',
    )
  })
})

describe('media types', () => {
  it('answers 415 UnsupportedMediaType for a body that is not application/json, text/plain included, and stores nothing', async () => {
    const owner = await seedTenant(ctx.db)
    for (const type of [
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/contents',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': type },
        payload: '{"title":"Sent as another type"}',
      })
      expect(response.statusCode, type).toBe(415)
      expect(response.json()).toEqual({
        error: 'UnsupportedMediaType',
        message: 'Send the body as application/json.',
      })
    }
    expect(await contentCount(owner.token)).toBe(0)
    const json = await raw('POST', '/api/contents', owner.token, '{"title":"Sent as JSON"}')
    expect(json.statusCode).toBe(200)
    expect(await contentCount(owner.token)).toBe(1)
  })
})

describe('content writes', () => {
  it('report every failing member at once, each in details, and store nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const created = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 12345, slug: ['x'], status: 'live', tags: 'one', extra: true },
    })
    expect(created.statusCode).toBe(400)
    expect(created.data.error).toBe('ValidationFailed')
    expect(
      created.data.details.map((detail: { path: string; member?: string }) => detail.member ?? detail.path),
    ).toEqual(['extra', 'body/title', 'body/slug', 'body/tags', 'body/status'])
    expect(await contentCount(owner.token)).toBe(0)
    const content = await call(ctx.app, 'POST', '/api/contents', {
      token: owner.token,
      body: { title: 'Kept' },
    })
    const updated = await call(ctx.app, 'PUT', `/api/contents/${content.data.content.id}`, {
      token: owner.token,
      body: { title: '', summary: 7 },
    })
    expect(updated.statusCode).toBe(400)
    expect(updated.data.details).toHaveLength(2)
  })
})
