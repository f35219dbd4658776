import { describe, expect, it } from 'vitest'
import { createContent, seedCategory, seedTag } from '../../../test/content-fixtures.js'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'

const ctx = useTestContext()

const idsOf = async (token: string, query: string) =>
  (await call(ctx.app, 'GET', `/api/contents?view=summary&${query}`, { token })).data.contents.map(
    (content: { id: string }) => content.id,
  )

// A one-status list of one tag or category reads the link table's copy of status and publishedAt;
// these guarantee the copies follow every write.
describe('tag and category archives', () => {
  it('list newest first and follow status changes, re-tagging and deletes', async () => {
    const member = await seedTenant(ctx.db)
    const [news, sport] = await Promise.all([
      seedTag(ctx.db, member.tenantId, 'News'),
      seedTag(ctx.db, member.tenantId, 'Sport'),
    ])
    const older = await createContent(ctx, member.token, {
      title: 'Older',
      tags: [news],
      status: 'published',
    })
    const newer = await createContent(ctx, member.token, {
      title: 'Newer',
      tags: [news],
      status: 'published',
    })
    const draft = await createContent(ctx, member.token, { title: 'Draft', tags: [news] })
    expect(await idsOf(member.token, `status=published&tag=${news}`)).toEqual([newer.id, older.id])
    expect(await idsOf(member.token, `status=draft&tag=${news}`)).toEqual([draft.id])

    await call(ctx.app, 'PUT', `/api/contents/${draft.id}`, {
      token: member.token,
      body: { status: 'published' },
    })
    await call(ctx.app, 'PUT', `/api/contents/${newer.id}`, {
      token: member.token,
      body: { status: 'archived' },
    })
    expect(await idsOf(member.token, `status=published&tag=${news}`)).toEqual([draft.id, older.id])
    expect(await idsOf(member.token, `status=archived&tag=${news}`)).toEqual([newer.id])

    await call(ctx.app, 'PUT', `/api/contents/${older.id}`, { token: member.token, body: { tags: [sport] } })
    expect(await idsOf(member.token, `status=published&tag=${news}`)).toEqual([draft.id])
    expect(await idsOf(member.token, `status=published&tag=${sport}`)).toEqual([older.id])

    await call(ctx.app, 'DELETE', `/api/contents/${draft.id}`, { token: member.token })
    expect(await idsOf(member.token, `status=published&tag=${news}`)).toEqual([])
  })

  it('page a category archive and keep merged links with their status', async () => {
    const member = await seedTenant(ctx.db)
    const [source, target] = await Promise.all([
      seedCategory(ctx.db, member.tenantId, 'Source'),
      seedCategory(ctx.db, member.tenantId, 'Target'),
    ])
    const created = []
    for (const title of ['One', 'Two', 'Three']) {
      created.push(
        await createContent(ctx, member.token, { title, categories: [source], status: 'published' }),
      )
    }
    await createContent(ctx, member.token, { title: 'Hidden draft', categories: [source] })
    const [one, two, three] = created.map((content) => content.id)
    expect(await idsOf(member.token, `status=published&category=${source}&limit=2`)).toEqual([three, two])
    expect(await idsOf(member.token, `status=published&category=${source}&limit=2&page=2`)).toEqual([one])

    await call(ctx.app, 'POST', '/api/categories/merge', {
      token: member.token,
      body: { sourceId: source, targetId: target },
    })
    expect(await idsOf(member.token, `status=published&category=${target}`)).toEqual([three, two, one])
  })

  it('combine with other filters exactly as the general list does', async () => {
    const member = await seedTenant(ctx.db)
    const tag = await seedTag(ctx.db, member.tenantId, 'Mixed')
    const match = await createContent(ctx, member.token, {
      title: 'Lighthouse keeper',
      tags: [tag],
      status: 'published',
    })
    await createContent(ctx, member.token, { title: 'Harbour', tags: [tag], status: 'published' })
    expect(await idsOf(member.token, `status=published&tag=${tag}&search=lighthouse`)).toEqual([match.id])
    const list = await call(ctx.app, 'GET', `/api/contents?status=published&tag=${tag}&search=lighthouse`, {
      token: member.token,
    })
    expect(list.data.pagination.total).toBe(1)
  })
})
