import { describe, expect, it } from 'vitest'
import { createContent } from '../../../test/content-fixtures.js'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()
const MISSING = 'aaaaaaaaaaaaaaaaaaaaaaaa'

async function define(token: string, body: Record<string, unknown>) {
  const response = await call(ctx.app, 'POST', '/api/custom-field-definitions', { token, body })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.definition
}

/** A tenant with one definition of each kind the tests use. */
async function tenantWithFields() {
  const owner = await seedTenant(ctx.db)
  await define(owner.token, { key: 'rating', type: 'number', filterable: true })
  await define(owner.token, { key: 'featured', type: 'boolean', filterable: true, defaultValue: false })
  await define(owner.token, {
    key: 'color',
    type: 'select',
    options: [
      { label: 'Red', value: 'red' },
      { label: 'Blue', value: 'blue' },
    ],
    filterable: true,
  })
  await define(owner.token, {
    key: 'labels',
    type: 'multi-select',
    options: [
      { label: 'A', value: 'a' },
      { label: 'B', value: 'b' },
    ],
    filterable: true,
  })
  await define(owner.token, { key: 'related', type: 'multi-reference' })
  await define(owner.token, { key: 'site', type: 'url' })
  await define(owner.token, { key: 'day', type: 'date' })
  await define(owner.token, { key: 'notes', type: 'text' })
  return owner
}

const post = (token: string, customFields: unknown) =>
  call(ctx.app, 'POST', '/api/contents', { token, body: { title: 'T', customFields } })

describe('customFields on content writes', () => {
  it('stores typed values, fills defaults and keeps undefined keys as free data', async () => {
    const owner = await tenantWithFields()
    const other = await createContent(ctx, owner.token, { title: 'Other' })
    const content = await createContent(ctx, owner.token, {
      title: 'Typed',
      customFields: {
        rating: 4.5,
        color: 'blue',
        labels: ['a', 'b'],
        related: [other.id],
        site: 'https://example.com/x',
        day: '2024-05-01',
        extra: { free: [1, 2] },
      },
    })
    expect(content.customFields).toEqual({
      rating: 4.5,
      color: 'blue',
      labels: ['a', 'b'],
      related: [other.id],
      site: 'https://example.com/x',
      day: '2024-05-01',
      extra: { free: [1, 2] },
      featured: false,
    })
    const plain = await createContent(ctx, owner.token, { title: 'Plain' })
    expect(plain.customFields).toEqual({ featured: false })
  })

  it.each([
    ['a string for a number', { rating: '4' }, 'customFields.rating must be a number'],
    ['a number for a boolean', { featured: 1 }, 'customFields.featured must be true or false'],
    ['a value outside the options', { color: 'green' }, 'customFields.color must be one of the options'],
    ['a repeated multi-select value', { labels: ['a', 'a'] }, 'customFields.labels must be an array'],
    ['a javascript: URL', { site: 'javascript:alert(1)' }, 'customFields.site must be an http or https URL'],
    ['a date that is not one', { day: '2024-13-45' }, 'customFields.day must be a date'],
    ['a text that is an object', { notes: { a: 1 } }, 'customFields.notes must be a string'],
    ['a reference that is not an id', { related: ['x'] }, 'customFields.related must be an array'],
    ['a reference to a missing content', { related: [MISSING] }, 'customFields.related: unknown content ids'],
  ])('answers 400 naming the field for %s', async (_name, customFields, message) => {
    const owner = await tenantWithFields()
    const response = await post(owner.token, customFields)
    expect(response.statusCode).toBe(400)
    expect(response.data.message).toContain(message)
    const list = await call(ctx.app, 'GET', '/api/contents', { token: owner.token })
    expect(list.data.pagination.total).toBe(0)
  })

  it('refuses a reference to another tenant’s content like a missing one', async () => {
    const owner = await tenantWithFields()
    const other = await seedTenant(ctx.db)
    const foreign = await createContent(ctx, other.token, { title: 'Theirs' })
    const response = await post(owner.token, { related: [foreign.id] })
    expect(response.statusCode).toBe(400)
    expect(response.data.message).toContain(`customFields.related: unknown content ids: ${foreign.id}`)
  })

  it('enforces required fields on create and on updates that send customFields', async () => {
    const owner = await seedTenant(ctx.db)
    const content = await createContent(ctx, owner.token, { title: 'Before the rule' })
    await define(owner.token, { key: 'isbn', type: 'text', required: true })
    const missing = await post(owner.token, {})
    expect(missing.statusCode).toBe(400)
    expect(missing.data.details).toEqual([{ path: '/customFields/isbn', message: 'is required' }])
    expect((await post(owner.token, { isbn: null })).statusCode).toBe(400)
    expect((await post(owner.token, { isbn: '978-3' })).statusCode).toBe(200)
    const titleOnly = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
      token: owner.token,
      body: { title: 'Renamed' },
    })
    expect(titleOnly.statusCode).toBe(200)
    const cleared = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
      token: owner.token,
      body: { customFields: { other: 1 } },
    })
    expect(cleared.statusCode).toBe(400)
  })
})

describe('customFields list filters', () => {
  it('filters on filterable fields by typed equality, several keys together', async () => {
    const owner = await tenantWithFields()
    const red4 = await createContent(ctx, owner.token, {
      title: 'r4',
      customFields: { color: 'red', rating: 4 },
    })
    const blue4 = await createContent(ctx, owner.token, {
      title: 'b4',
      customFields: { color: 'blue', rating: 4, featured: true, labels: ['a', 'b'] },
    })
    await createContent(ctx, owner.token, {
      title: 'r5',
      customFields: { color: 'red', rating: 5, labels: ['b'] },
    })
    const ids = async (query: string) => {
      const response = await call(ctx.app, 'GET', `/api/contents?${query}`, { token: owner.token })
      expect(response.statusCode, response.body).toBe(200)
      return response.data.contents.map((c: { id: string }) => c.id).sort()
    }
    expect(await ids('customFields.rating=4')).toEqual([red4.id, blue4.id].sort())
    expect(await ids('customFields.rating=4&customFields.color=red')).toEqual([red4.id])
    expect(await ids('customFields.featured=true')).toEqual([blue4.id])
    expect(await ids('customFields.labels=a')).toEqual([blue4.id])
    expect(await ids('customFields.color=green')).toEqual([])
    const counted = await call(ctx.app, 'GET', '/api/contents?customFields.rating=4&view=summary', {
      token: owner.token,
    })
    expect(counted.data.pagination.total).toBe(2)
  })

  it.each([
    ['an undefined key', 'customFields.nothing=1', 'customFields.nothing is not a filterable custom field'],
    ['a field that is not filterable', 'customFields.notes=x', 'customFields.notes is not a filterable'],
    [
      'a number that is not one',
      'customFields.rating=four',
      'customFields.rating is not a valid number value',
    ],
    [
      'a boolean that is not one',
      'customFields.featured=yes',
      'customFields.featured is not a valid boolean',
    ],
    ['a key that is not an identifier', "customFields.a'%20or%201=1=1", 'is not accepted here'],
    ['a value over 500 characters', `customFields.notes=${'x'.repeat(501)}`, 'customFields.notes'],
  ])('answers 400 for %s', async (_name, query, message) => {
    const owner = await tenantWithFields()
    const response = await call(ctx.app, 'GET', `/api/contents?${query}`, { token: owner.token })
    expect(response.statusCode).toBe(400)
    expect(response.data.message).toContain(message)
  })

  it('sees a new filterable definition at once (the cache is dropped by its event)', async () => {
    const owner = await seedTenant(ctx.db)
    const before = await call(ctx.app, 'GET', '/api/contents?customFields.tone=warm', { token: owner.token })
    expect(before.statusCode).toBe(400)
    const tone = await define(owner.token, { key: 'tone', type: 'text', filterable: true })
    const content = await createContent(ctx, owner.token, { title: 'Warm', customFields: { tone: 'warm' } })
    const after = await call(ctx.app, 'GET', '/api/contents?customFields.tone=warm', { token: owner.token })
    expect(after.data.contents.map((c: { id: string }) => c.id)).toEqual([content.id])
    await call(ctx.app, 'PUT', `/api/custom-field-definitions/${tone.id}`, {
      token: owner.token,
      body: { filterable: false },
    })
    expect(
      (await call(ctx.app, 'GET', '/api/contents?customFields.tone=warm', { token: owner.token })).statusCode,
    ).toBe(400)
  })
})

describe('searchable custom fields', () => {
  it('lets search match the values of searchable fields, not of the others', async () => {
    const owner = await seedTenant(ctx.db)
    await define(owner.token, { key: 'isbn', type: 'text', searchable: true })
    await define(owner.token, { key: 'secret', type: 'text' })
    const book = await createContent(ctx, owner.token, { title: 'Book', customFields: { isbn: '978-3-16' } })
    await createContent(ctx, owner.token, {
      title: 'Other',
      customFields: { secret: '978-3-16', note: '978' },
    })
    const found = await call(ctx.app, 'GET', '/api/contents?search=978-3', { token: owner.token })
    expect(found.data.contents.map((c: { id: string }) => c.id)).toEqual([book.id])
    expect(found.data.pagination.total).toBe(1)
    const byTitle = await call(ctx.app, 'GET', '/api/contents?search=oth', { token: owner.token })
    expect(byTitle.data.contents.map((c: { title: string }) => c.title)).toEqual(['Other'])
  })
})
