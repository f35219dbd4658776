import { expect } from 'vitest'
import type { Db } from '../src/db/client.js'
import { categories, media, tags } from '../src/db/schema/index.js'
import { newId } from '../src/lib/ids.js'
import { toSlug } from '../src/lib/slug.js'
import { call, type TestContext } from './helpers.js'

/**
 * Content fixtures written straight to the database, so content tests do not depend on the
 * category, tag and media routes.
 */
export async function seedCategory(db: Db, tenantId: string, name: string): Promise<string> {
  const id = newId()
  await db.insert(categories).values({ tenantId, id, name, slug: `${toSlug(name)}-${id.slice(-6)}` })
  return id
}

export async function seedTag(
  db: Db,
  tenantId: string,
  title: string,
  slug = toSlug(title),
): Promise<string> {
  const id = newId()
  await db.insert(tags).values({ tenantId, id, title, slug })
  return id
}

export async function seedMedia(db: Db, tenantId: string): Promise<string> {
  const id = newId()
  await db.insert(media).values({ tenantId, id, sourceType: 'external', url: 'https://example.test/a.jpg' })
  return id
}

/** POST /api/contents expecting 200; returns the content. */
export async function createContent(ctx: TestContext, token: string, body: Record<string, unknown>) {
  const response = await call(ctx.app, 'POST', '/api/contents', { token, body })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.content
}
