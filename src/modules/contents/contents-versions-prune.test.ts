import { and, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createContent } from '../../../test/content-fixtures.js'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'
import { contentVersions } from '../../db/schema/index.js'

const ctx = useTestContext({ CONTENT_VERSIONS_MAX: '2' })

const until = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe('version pruning (CONTENT_VERSIONS_MAX=2)', () => {
  it('queues a prune job once a save passes the limit, which keeps the newest live versions', async () => {
    const owner = await seedTenant(ctx.db)
    const content = await createContent(ctx, owner.token, { title: 'v1' })
    for (const title of ['v2', 'v3']) {
      const put = await call(ctx.app, 'PUT', `/api/contents/${content.id}`, {
        token: owner.token,
        body: { title },
      })
      expect(put.statusCode).toBe(200)
    }
    const live = async () =>
      (
        await ctx.db
          .select({ version: contentVersions.version })
          .from(contentVersions)
          .where(
            and(
              eq(contentVersions.tenantId, owner.tenantId),
              eq(contentVersions.contentId, content.id),
              isNull(contentVersions.deletedAt),
            ),
          )
      )
        .map((row) => row.version)
        .sort()
    await until(async () => (await live()).length === 2)
    expect(await live()).toEqual([2, 3])
    const list = await call(ctx.app, 'GET', `/api/contents/${content.id}/versions`, { token: owner.token })
    expect(list.data.pagination.total).toBe(2)
    expect(list.data.currentVersion).toBe(3)
  })
})
