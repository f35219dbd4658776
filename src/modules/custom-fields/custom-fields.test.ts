import { describe, expect, it } from 'vitest'
import { call, seedApiToken, seedMember, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()
const MISSING = 'aaaaaaaaaaaaaaaaaaaaaaaa'
const BASE = '/api/custom-field-definitions'

async function define(token: string, body: Record<string, unknown>) {
  const response = await call(ctx.app, 'POST', BASE, { token, body })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.definition
}

describe('custom field definitions', () => {
  it('creates with defaults, lists by position and label, updates and deletes', async () => {
    const owner = await seedTenant(ctx.db)
    const text = await define(owner.token, { key: 'subtitle' })
    expect(text).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      key: 'subtitle',
      label: 'subtitle',
      description: '',
      type: 'text',
      options: [],
      required: false,
      defaultValue: null,
      public: true,
      filterable: false,
      searchable: false,
      position: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
    const color = await define(owner.token, {
      key: 'color',
      label: 'Colour',
      type: 'select',
      options: [
        { label: 'Red', value: 'red' },
        { label: 'Blue', value: 'blue' },
      ],
      defaultValue: 'red',
      filterable: true,
      position: 0,
      public: false,
    })
    const list = await call(ctx.app, 'GET', BASE, { token: owner.token })
    expect(list.statusCode).toBe(200)
    expect(list.data.definitions.map((d: { key: string }) => d.key)).toEqual(['color', 'subtitle'])

    const updated = await call(ctx.app, 'PUT', `${BASE}/${color.id}`, {
      token: owner.token,
      body: { label: 'Color', required: true, position: 5 },
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.data.definition).toMatchObject({
      key: 'color',
      label: 'Color',
      required: true,
      position: 5,
    })
    const toNumber = await call(ctx.app, 'PUT', `${BASE}/${color.id}`, {
      token: owner.token,
      body: { type: 'number', defaultValue: 3 },
    })
    expect(toNumber.data.definition).toMatchObject({ type: 'number', options: [], defaultValue: 3 })

    const removed = await call(ctx.app, 'DELETE', `${BASE}/${text.id}`, { token: owner.token })
    expect(removed.data).toEqual({ success: true })
    const after = await call(ctx.app, 'GET', BASE, { token: owner.token })
    expect(after.data.definitions.map((d: { key: string }) => d.key)).toEqual(['color'])
  })

  it('shows API tokens and public=true the public definitions only', async () => {
    const owner = await seedTenant(ctx.db)
    await define(owner.token, { key: 'shown' })
    await define(owner.token, { key: 'hidden', public: false })
    const apiToken = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['read'] })
    const keys = async (token: string, query = '') =>
      (await call(ctx.app, 'GET', `${BASE}${query}`, { token })).data.definitions.map(
        (d: { key: string }) => d.key,
      )
    expect(await keys(apiToken)).toEqual(['shown'])
    expect(await keys(owner.token, '?public=true')).toEqual(['shown'])
    expect(await keys(owner.token)).toEqual(['hidden', 'shown'])
  })

  it('answers 409 for a key taken in the tenant, and allows it in another tenant', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    await define(owner.token, { key: 'rating', type: 'number' })
    const again = await call(ctx.app, 'POST', BASE, { token: owner.token, body: { key: 'rating' } })
    expect(again.statusCode).toBe(409)
    expect(again.data.error).toBe('Conflict')
    await define(other.token, { key: 'rating' })
  })

  it.each([
    ['no key', { label: 'x' }],
    ['a key starting with a digit', { key: '1abc' }],
    ['a key with a dot', { key: 'a.b' }],
    ['a key with SQL', { key: "a'; drop table contents; --" }],
    ['a key of 65 characters', { key: `a${'b'.repeat(64)}` }],
    ['the reserved key constructor', { key: 'constructor' }],
    ['the key __proto__', { key: '__proto__' }],
    ['an unknown type', { key: 'a', type: 'color' }],
    ['an empty label', { key: 'a', label: '' }],
    ['a label of 201 characters', { key: 'a', label: 'x'.repeat(201) }],
    ['a select without options', { key: 'a', type: 'select' }],
    ['options on a text field', { key: 'a', options: [{ label: 'A', value: 'a' }] }],
    [
      'duplicate option values',
      {
        key: 'a',
        type: 'select',
        options: [
          { label: 'A', value: 'a' },
          { label: 'B', value: 'a' },
        ],
      },
    ],
    [
      'a default not among the options',
      { key: 'a', type: 'select', options: [{ label: 'A', value: 'a' }], defaultValue: 'b' },
    ],
    ['a default of the wrong type', { key: 'a', type: 'number', defaultValue: 'three' }],
    ['a default on a reference', { key: 'a', type: 'reference', defaultValue: MISSING }],
    ['a filterable json field', { key: 'a', type: 'json', filterable: true }],
    ['a negative position', { key: 'a', position: -1 }],
    ['an unknown member', { key: 'a', colour: 'red' }],
  ])('answers 400 for %s', async (_name, body) => {
    const owner = await seedTenant(ctx.db)
    const response = await call(ctx.app, 'POST', BASE, { token: owner.token, body })
    expect(response.statusCode, response.body).toBe(400)
    expect((await call(ctx.app, 'GET', BASE, { token: owner.token })).data.definitions).toEqual([])
  })

  it('answers 400 for a key in an update (keys are immutable) and for a type change that breaks the default', async () => {
    const owner = await seedTenant(ctx.db)
    const field = await define(owner.token, { key: 'size', type: 'number', defaultValue: 2 })
    const withKey = await call(ctx.app, 'PUT', `${BASE}/${field.id}`, {
      token: owner.token,
      body: { key: 'other' },
    })
    expect(withKey.statusCode).toBe(400)
    const toBoolean = await call(ctx.app, 'PUT', `${BASE}/${field.id}`, {
      token: owner.token,
      body: { type: 'boolean' },
    })
    expect(toBoolean.statusCode).toBe(400)
    expect(toBoolean.data.message).toContain('defaultValue')
  })

  it('answers 401 without credentials and 403 to roles without the permission', async () => {
    const owner = await seedTenant(ctx.db)
    const field = await define(owner.token, { key: 'x' })
    for (const [method, url] of [
      ['GET', BASE],
      ['POST', BASE],
      ['PUT', `${BASE}/${field.id}`],
      ['DELETE', `${BASE}/${field.id}`],
    ] as const) {
      const response = await call(
        ctx.app,
        method,
        url,
        method === 'GET' || method === 'DELETE' ? {} : { body: { key: 'y' } },
      )
      expect(response.statusCode, url).toBe(401)
    }
    const author = await seedMember(ctx.db, owner.tenantId, 'author')
    expect((await call(ctx.app, 'GET', BASE, { token: author.token })).statusCode).toBe(200)
    expect((await call(ctx.app, 'POST', BASE, { token: author.token, body: { key: 'y' } })).statusCode).toBe(
      403,
    )
    expect(
      (await call(ctx.app, 'PUT', `${BASE}/${field.id}`, { token: author.token, body: { label: 'y' } }))
        .statusCode,
    ).toBe(403)
    expect((await call(ctx.app, 'DELETE', `${BASE}/${field.id}`, { token: author.token })).statusCode).toBe(
      403,
    )
    const editor = await seedMember(ctx.db, owner.tenantId, 'editor')
    expect(
      (await call(ctx.app, 'PUT', `${BASE}/${field.id}`, { token: editor.token, body: { label: 'y' } }))
        .statusCode,
    ).toBe(200)
  })

  it('answers 404 for a missing id and another tenant’s id, changing nothing', async () => {
    const owner = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const foreign = await define(other.token, { key: 'theirs' })
    for (const id of [MISSING, foreign.id]) {
      const put = await call(ctx.app, 'PUT', `${BASE}/${id}`, { token: owner.token, body: { label: 'mine' } })
      expect(put.statusCode).toBe(404)
      expect(put.data.error).toBe('NotFound')
      expect((await call(ctx.app, 'DELETE', `${BASE}/${id}`, { token: owner.token })).statusCode).toBe(404)
    }
    const theirs = await call(ctx.app, 'GET', BASE, { token: other.token })
    expect(theirs.data.definitions).toMatchObject([{ key: 'theirs', label: 'theirs' }])
    expect(
      (await call(ctx.app, 'PUT', `${BASE}/not-an-id`, { token: owner.token, body: {} })).statusCode,
    ).toBe(400)
  })
})
