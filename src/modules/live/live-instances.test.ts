import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContent } from '../../../test/content-fixtures.js'
import { call, createTestContext, seedMember, seedTenant, type TestContext } from '../../../test/helpers.js'
import { secondInstance } from '../../../test/instance-fixtures.js'
import { baseUrlOf, openSse, type SseMessage } from '../../../test/live-fixtures.js'

/**
 * Two app instances on one PostgreSQL and one Redis (the same key prefix), as two processes of one
 * deployment: a write answered by one reaches the streams of the other, and presence is shared.
 * Runs when TEST_DATABASE_URL and TEST_REDIS_URL are set.
 */
describe.skipIf(process.env.TEST_DATABASE_URL === undefined || process.env.TEST_REDIS_URL === undefined)(
  'change streams on two instances',
  () => {
    let first: TestContext
    let second: FastifyInstance
    let closeSecond: () => Promise<void>
    let base: string
    beforeAll(async () => {
      first = await createTestContext({ env: { PUBLIC_CLIENT_LIMIT: 'off' } })
      ;({ app: second, close: closeSecond } = await secondInstance(first))
      await second.listen({ port: 0, host: '127.0.0.1' })
      base = baseUrlOf(second.server.address())
    })
    afterAll(async () => {
      await closeSecond()
      await first.close()
    })

    const change = (message: SseMessage) => message.event === 'change'

    it('delivers a publish on one instance to the public and member streams of the other', async () => {
      const owner = await seedTenant(first.db)
      const site = await openSse(`${base}/api/public/events?tenant=${owner.tenantId}`)
      const studio = await openSse(`${base}/api/events?tenant=${owner.tenantId}`, {
        authorization: `Bearer ${owner.token}`,
      })
      expect([site.status, studio.status]).toEqual([200, 200])
      const started = Date.now()
      const post = await createContent(first, owner.token, {
        title: 'Across',
        slug: 'across',
        status: 'published',
      })
      const told = JSON.parse((await site.next(change)).data)
      expect(told.type).toBe('content.published')
      expect(told.record).toEqual({ type: 'content', id: post.id, slug: 'across', locale: 'en' })
      expect(Date.now() - started).toBeLessThan(3000)
      expect(JSON.parse((await studio.next(change)).data)).toMatchObject({
        type: 'content.created',
        subjectId: post.id,
      })
      site.close()
      studio.close()
    })

    it('shares presence: an editor announced on one instance is listed and heard on the other', async () => {
      const owner = await seedTenant(first.db)
      const editor = await seedMember(first.db, owner.tenantId, 'editor')
      const content = await createContent(first, owner.token, { title: 'Together' })
      const studio = await openSse(`${base}/api/events?tenant=${owner.tenantId}`, {
        authorization: `Bearer ${editor.token}`,
      })
      const announced = await call(first.app, 'PUT', `/api/presence/content/${content.id}`, {
        token: owner.token,
      })
      expect(announced.statusCode, announced.body).toBe(200)
      const heard = JSON.parse((await studio.next((message) => message.event === 'presence')).data)
      expect(heard.editors.map((e: { userId: string }) => e.userId)).toEqual([owner.userId])
      const listed = await call(second, 'GET', `/api/presence/content/${content.id}`, { token: editor.token })
      expect(listed.data.editors.map((e: { userId: string }) => e.userId)).toEqual([owner.userId])
      studio.close()
    })
  },
)
