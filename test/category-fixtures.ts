import { and, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { categories, contentCategories, contents } from '../src/db/schema/index.js'
import { newId } from '../src/lib/ids.js'
import { call, type SeededMember, type TestContext } from './helpers.js'

/** Category tree fixtures shared by the categories tests; `ctx` is read at call time. */
export function categoryFixtures(ctx: TestContext) {
  async function createCategory(member: SeededMember, body: Record<string, unknown>) {
    const response = await call(ctx.app, 'POST', '/api/categories', { token: member.token, body })
    expect(response.statusCode, response.body).toBe(200)
    return response.data.category as { id: string; slug: string; position: number; parentId: string | null }
  }

  async function getCategory(member: SeededMember, id: string) {
    return call(ctx.app, 'GET', `/api/categories/${id}`, { token: member.token })
  }

  /** Written with Drizzle so these tests do not depend on the content routes. */
  async function seedContent(tenantId: string, categoryIds: string[]) {
    const id = newId()
    await ctx.db.insert(contents).values({
      tenantId,
      id,
      locale: 'en',
      translationGroupId: id,
      title: `Post ${id}`,
      slug: `post-${id}`,
      status: 'draft',
    })
    if (categoryIds.length > 0) {
      await ctx.db
        .insert(contentCategories)
        .values(categoryIds.map((categoryId) => ({ tenantId, contentId: id, categoryId })))
    }
    return id
  }

  async function linkedContents(tenantId: string, categoryId: string) {
    const rows = await ctx.db
      .select({ contentId: contentCategories.contentId })
      .from(contentCategories)
      .where(and(eq(contentCategories.tenantId, tenantId), eq(contentCategories.categoryId, categoryId)))
    return rows.map((row) => row.contentId).sort()
  }

  async function countCategories(tenantId: string) {
    return (await ctx.db.select().from(categories).where(eq(categories.tenantId, tenantId))).length
  }

  return { createCategory, getCategory, seedContent, linkedContents, countCategories }
}
