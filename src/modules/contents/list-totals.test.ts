import { describe, expect, it } from 'vitest'
import { createContent, seedCategory } from '../../../test/content-fixtures.js'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

const totalOf = async (token: string, query = '') =>
  (await call(ctx.app, 'GET', `/api/contents?view=summary${query}`, { token })).data.pagination.total

// Totals are cached between writes; these guarantee that a write is seen by the very next list.
describe('content list totals', () => {
  it('follow creates, status changes and deletes at once', async () => {
    const { token } = await seedTenant(ctx.db)
    expect(await totalOf(token, '&status=published')).toBe(0)
    const first = await createContent(ctx, token, { title: 'First', status: 'published' })
    expect(await totalOf(token, '&status=published')).toBe(1)
    await createContent(ctx, token, { title: 'Second', status: 'published' })
    expect(await totalOf(token, '&status=published')).toBe(2)
    await call(ctx.app, 'PUT', `/api/contents/${first.id}`, { token, body: { status: 'archived' } })
    expect(await totalOf(token, '&status=published')).toBe(1)
    await call(ctx.app, 'DELETE', `/api/contents/${first.id}`, { token })
    expect(await totalOf(token)).toBe(1)
  })

  it('follow category deletes, merges and renames', async () => {
    const member = await seedTenant(ctx.db)
    const [news, sports, world] = await Promise.all(
      ['News', 'Sports', 'World'].map((name) => seedCategory(ctx.db, member.tenantId, name)),
    )
    await createContent(ctx, member.token, { title: 'A', categories: [news] })
    await createContent(ctx, member.token, { title: 'B', categories: [sports] })
    expect(await totalOf(member.token, `&category=${world}`)).toBe(0)
    expect(await totalOf(member.token, '&categoryName=Headlines')).toBe(0)

    await call(ctx.app, 'POST', '/api/categories/merge', {
      token: member.token,
      body: { sourceId: news, targetId: world },
    })
    expect(await totalOf(member.token, `&category=${world}`)).toBe(1)

    await call(ctx.app, 'PUT', `/api/categories/${world}`, {
      token: member.token,
      body: { name: 'Headlines' },
    })
    expect(await totalOf(member.token, '&categoryName=Headlines')).toBe(1)

    expect(await totalOf(member.token, `&category=${sports}`)).toBe(1)
    await call(ctx.app, 'DELETE', `/api/categories/${sports}`, { token: member.token })
    expect(await totalOf(member.token, `&category=${sports}`)).toBe(0)
  })
})
