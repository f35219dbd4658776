import { and, desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createContent } from '../../../test/content-fixtures.js'
import { call, seedApiToken, seedTenant, useTestContext } from '../../../test/helpers.js'
import { outbox } from '../../db/schema/index.js'

const ctx = useTestContext()

const update = (token: string, id: string, body: Record<string, unknown>) =>
  call(ctx.app, 'PUT', `/api/contents/${id}`, { token, body })

describe('content types and page trees', () => {
  it('stores type, parentId and order, and lists by type and parent', async () => {
    const { token } = await seedTenant(ctx.db)
    const about = await createContent(ctx, token, { title: 'About', type: 'page', order: 3 })
    const team = await createContent(ctx, token, { title: 'Team', type: 'page', parentId: about.id })
    await createContent(ctx, token, { title: 'Recipe', type: 'recipe-2' })
    await createContent(ctx, token, { title: 'Post' })
    expect(about).toMatchObject({ type: 'page', parentId: null, order: 3 })
    expect(team).toMatchObject({ type: 'page', parentId: about.id, order: 0 })
    const titles = async (query: string) => {
      const response = await call(ctx.app, 'GET', `/api/contents${query}`, { token })
      expect(response.statusCode, response.body).toBe(200)
      return response.data.contents.map((content: { title: string }) => content.title).sort()
    }
    expect(await titles('?type=page')).toEqual(['About', 'Team'])
    expect(await titles('?type=post')).toEqual(['Post'])
    expect(await titles('?type=recipe-2')).toEqual(['Recipe'])
    expect(await titles(`?parent=${about.id}`)).toEqual(['Team'])
    expect(await titles('?type=page&parent=none')).toEqual(['About'])
    const bad = await call(ctx.app, 'GET', '/api/contents?parent=roots', { token })
    expect(bad.statusCode).toBe(400)
    const badType = await call(ctx.app, 'POST', '/api/contents', {
      token,
      body: { title: 'X', type: 'Page!' },
    })
    expect(badType.statusCode).toBe(400)
    expect(badType.data.details[0].path).toBe('body/type')
  })

  it('refuses a parent that is itself, a descendant, another tenant’s, or too deep (400 at /parentId)', async () => {
    const { token } = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const theirs = await createContent(ctx, other.token, { title: 'Theirs' })
    const chain = [await createContent(ctx, token, { title: 'Level 1', type: 'page' })]
    for (let level = 2; level <= 8; level++) {
      const parent = chain[chain.length - 1]
      chain.push(
        await createContent(ctx, token, { title: `Level ${level}`, type: 'page', parentId: parent.id }),
      )
    }
    const expectRefused = async (response: Awaited<ReturnType<typeof call>>, message: RegExp) => {
      expect(response.statusCode, response.body).toBe(400)
      expect(response.data.error).toBe('ValidationFailed')
      expect(response.data.details[0].path).toBe('/parentId')
      expect(response.data.message).toMatch(message)
    }
    const [root, second] = chain
    await expectRefused(await update(token, root.id, { parentId: root.id }), /its own parent/)
    await expectRefused(await update(token, second.id, { parentId: chain[5].id }), /descendant/)
    await expectRefused(
      await call(ctx.app, 'POST', '/api/contents', { token, body: { title: 'Cross', parentId: theirs.id } }),
      /unknown content id/,
    )
    await expectRefused(
      await call(ctx.app, 'POST', '/api/contents', {
        token,
        body: { title: 'Level 9', parentId: chain[7].id },
      }),
      /deeper than 8/,
    )
    // Moving a two-level subtree under level 7 would put its leaf at depth 9.
    const loose = await createContent(ctx, token, { title: 'Loose', type: 'page' })
    await createContent(ctx, token, { title: 'Loose child', type: 'page', parentId: loose.id })
    await expectRefused(await update(token, loose.id, { parentId: chain[6].id }), /deeper than 8/)
    const moved = await update(token, loose.id, { parentId: chain[5].id })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.data.content.parentId).toBe(chain[5].id)
  })

  it('makes the children of a deleted parent roots, and restores type, parent and order from a version', async () => {
    const { token } = await seedTenant(ctx.db)
    const parent = await createContent(ctx, token, { title: 'Parent', type: 'page' })
    const child = await createContent(ctx, token, {
      title: 'Child',
      type: 'page',
      parentId: parent.id,
      order: 4,
    })
    const changed = await update(token, child.id, { type: 'post', parentId: null, order: 9 })
    expect(changed.data.content).toMatchObject({ type: 'post', parentId: null, order: 9 })
    const [event] = await ctx.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.subjectId, child.id), eq(outbox.type, 'content.updated')))
      .orderBy(desc(outbox.createdAt))
    expect(event?.payload).toMatchObject({ id: child.id, changed: ['type', 'parentId', 'order'] })
    const versions = await call(ctx.app, 'GET', `/api/contents/${child.id}/versions`, { token })
    const first = versions.data.versions.find((version: { version: number }) => version.version === 1)
    const restored = await call(ctx.app, 'POST', `/api/contents/${child.id}/versions/${first.id}/restore`, {
      token,
    })
    expect(restored.statusCode, restored.body).toBe(200)
    expect(restored.data.content).toMatchObject({ type: 'page', parentId: parent.id, order: 4 })
    expect((await call(ctx.app, 'DELETE', `/api/contents/${parent.id}`, { token })).statusCode).toBe(200)
    const read = await call(ctx.app, 'GET', `/api/contents/${child.id}`, { token })
    expect(read.data.content).toMatchObject({ parentId: null, type: 'page', order: 4 })
  })
})

describe('the types in use and the admin tree', () => {
  const get = async (token: string, url: string) => {
    const response = await call(ctx.app, 'GET', url, { token })
    expect(response.statusCode, response.body).toBe(200)
    return response.data
  }
  /** A tree as `Title [status]` lines, one dash per level below the root. */
  const lines = (nodes: { title: string; status: string; children: unknown[] }[], depth = 0): string[] =>
    nodes.flatMap((node) => [
      `${'-'.repeat(depth)}${node.title} [${node.status}]`,
      ...lines(node.children as typeof nodes, depth + 1),
    ])

  it('lists the tenant’s types A→Z, published ones only for a token without preview', async () => {
    const { token, tenantId } = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    expect(await get(token, '/api/contents/types')).toEqual({ types: [] })
    await createContent(ctx, token, { title: 'A post', status: 'published' })
    await createContent(ctx, token, { title: 'A page', type: 'page', status: 'published' })
    await createContent(ctx, token, { title: 'Another page', type: 'page' })
    await createContent(ctx, token, { title: 'A recipe', type: 'recipe-2' })
    await createContent(ctx, other.token, { title: 'Their event', type: 'event' })
    expect(await get(token, '/api/contents/types')).toEqual({ types: ['page', 'post', 'recipe-2'] })
    expect(await get(other.token, '/api/contents/types')).toEqual({ types: ['event'] })
    const reader = await seedApiToken(ctx.db, tenantId, { scopes: ['read'] })
    expect(await get(reader, '/api/contents/types')).toEqual({ types: ['page', 'post'] })
    const preview = await seedApiToken(ctx.db, tenantId, { scopes: ['read', 'preview'] })
    expect(await get(preview, '/api/contents/types')).toEqual({ types: ['page', 'post', 'recipe-2'] })
  })

  it('answers every page nested by parent in order then title, every status, roots for parents of another type', async () => {
    const { token, tenantId } = await seedTenant(ctx.db)
    const other = await seedTenant(ctx.db)
    const page = (body: Record<string, unknown>) => createContent(ctx, token, { type: 'page', ...body })
    const about = await page({ title: 'About', order: 2, status: 'published' })
    await page({ title: 'Contact', order: 1, status: 'published' })
    const team = await page({ title: 'Team', parentId: about.id, status: 'published' })
    await page({ title: 'Jobs', parentId: team.id })
    await page({ title: 'History', parentId: about.id, order: -1, status: 'archived' })
    const post = await createContent(ctx, token, { title: 'News post', status: 'published' })
    const underPost = await page({ title: 'Under a post', parentId: post.id, order: 5, status: 'published' })
    const draft = await page({ title: 'Draft parent', order: 9 })
    await page({ title: 'Published child', parentId: draft.id, status: 'published' })
    await createContent(ctx, other.token, { title: 'Their page', type: 'page' })

    const tree = await get(token, '/api/contents/tree')
    expect(tree.type).toBe('page')
    expect(lines(tree.tree)).toEqual([
      'Contact [published]',
      'About [published]',
      '-History [archived]',
      '-Team [published]',
      '--Jobs [draft]',
      'Under a post [published]',
      'Draft parent [draft]',
      '-Published child [published]',
    ])
    expect(tree.tree[1]).toMatchObject({ id: about.id, slug: 'about', order: 2, parentId: null })
    expect(tree.tree[1].children[1]).toMatchObject({ id: team.id, parentId: about.id, order: 0 })
    expect(tree.tree[2]).toMatchObject({ id: underPost.id, parentId: post.id, order: 5 })
    expect(lines((await get(token, '/api/contents/tree?type=post')).tree)).toEqual(['News post [published]'])
    expect(lines((await get(other.token, '/api/contents/tree')).tree)).toEqual(['Their page [draft]'])

    // A token without preview reads published pages only: a child of a draft is then a root, in
    // its place by order (0) among the roots.
    const reader = await seedApiToken(ctx.db, tenantId, { scopes: ['read'] })
    expect(lines((await get(reader, '/api/contents/tree')).tree)).toEqual([
      'Published child [published]',
      'Contact [published]',
      'About [published]',
      '-Team [published]',
      'Under a post [published]',
    ])
    const bad = await call(ctx.app, 'GET', '/api/contents/tree?type=Page!', { token })
    expect(bad.statusCode).toBe(400)
  })
})
