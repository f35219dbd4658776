import { expect } from 'vitest'
import type { Db } from '../src/db/client.js'
import { media, tenantSettings } from '../src/db/schema/index.js'
import { newId } from '../src/lib/ids.js'
import { call, type TestContext } from './helpers.js'

/** Authors: a referenced collection. */
export const AUTHORS = {
  key: 'authors',
  name: { en: 'Authors' },
  fields: [
    { key: 'name', type: 'string', label: { en: 'Name' }, required: true },
    { key: 'bio', type: 'text', label: { en: 'Bio' } },
  ],
  slugField: 'name',
}

/** Books: one field of most types, refs to authors, a unique ISBN. */
export const BOOKS = {
  key: 'books',
  name: { en: 'Books', de: 'Bücher' },
  description: { en: 'The catalogue' },
  fields: [
    { key: 'title', type: 'string', label: { en: 'Title' }, required: true },
    { key: 'isbn', type: 'string', label: { en: 'ISBN' }, unique: true },
    { key: 'price', type: 'number', label: { en: 'Price' } },
    { key: 'inStock', type: 'boolean', label: { en: 'In stock' } },
    { key: 'released', type: 'date', label: { en: 'Released' } },
    { key: 'updated', type: 'datetime', label: { en: 'Updated' } },
    {
      key: 'genre',
      type: 'enum',
      label: { en: 'Genre' },
      options: [
        { value: 'fiction', label: { en: 'Fiction', de: 'Roman' } },
        { value: 'poetry', label: { en: 'Poetry' } },
        { value: 'essay', label: { en: 'Essay' } },
      ],
    },
    { key: 'author', type: 'ref', ref: 'authors', label: { en: 'Author' } },
    { key: 'cover', type: 'media', label: { en: 'Cover' } },
    { key: 'place', type: 'geojson', label: { en: 'Place' } },
    { key: 'body', type: 'richText', label: { en: 'Body' } },
    { key: 'summary', type: 'text', label: { en: 'Summary' } },
  ],
  slugField: 'title',
  defaultSort: { field: 'title', dir: 'asc' },
}

export async function createCollection(ctx: TestContext, token: string, body: Record<string, unknown>) {
  const response = await call(ctx.app, 'POST', '/api/collections', { token, body })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.collection
}

export async function createEntry(
  ctx: TestContext,
  token: string,
  key: string,
  body: Record<string, unknown>,
) {
  const response = await call(ctx.app, 'POST', `/api/collections/${key}/entries`, { token, body })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.entry
}

/** Authors and books collections of the tenant of `token`. */
export async function createCatalogue(ctx: TestContext, token: string) {
  await createCollection(ctx, token, AUTHORS)
  return createCollection(ctx, token, BOOKS)
}

export async function seedMediaItem(db: Db, tenantId: string, status = 'active'): Promise<string> {
  const id = newId()
  await db.insert(media).values({
    tenantId,
    id,
    sourceType: 'external',
    status,
    url: `https://cdn.example.test/${id}.jpg`,
    title: 'Cover',
  })
  return id
}

export async function setEdgePolicy(db: Db, tenantId: string, edgeGateway: Record<string, unknown>) {
  await db.insert(tenantSettings).values({ tenantId, edgeGateway }).onConflictDoUpdate({
    target: tenantSettings.tenantId,
    set: { edgeGateway },
  })
}

/** A public request to `/api/public…` for `tenantId`. */
export function publicCall(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'OPTIONS',
  path: string,
  tenantId: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) {
  return call(ctx.app, method, `/api/public${path}`, {
    ...(options.body === undefined ? {} : { body: options.body }),
    headers: { 'x-tenant-id': tenantId, ...options.headers },
  })
}
