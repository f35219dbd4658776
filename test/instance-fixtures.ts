import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { buildApp } from '../src/app.js'
import { createMailer } from '../src/mail/mailer.js'
import { createSharedStore } from '../src/store/shared-store.js'
import type { TestContext } from './helpers.js'

/**
 * A second app instance beside `first`: the same database and the same Redis key prefix
 * (TEST_REDIS_URL), as two processes of one deployment would be; on PostgreSQL its jobs get their
 * own pg-boss schema. `close` stops it and its store (close `first` after it).
 */
export async function secondInstance(
  first: TestContext,
  options: { extraPublicRoutes?: readonly FastifyPluginAsync[] } = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const store = await createSharedStore({ redisUrl: process.env.TEST_REDIS_URL, prefix: first.store.prefix })
  const app = await buildApp({
    config: first.config,
    database: first.database,
    store,
    mailer: createMailer({ from: first.config.mailFrom, dataDir: first.dataDir }),
    logger: false,
    ...(options.extraPublicRoutes === undefined ? {} : { extraPublicRoutes: options.extraPublicRoutes }),
    ...(process.env.TEST_DATABASE_URL === undefined ? {} : { jobsSchema: `jobs_second_${Date.now()}` }),
  })
  await app.ready()
  return {
    app,
    async close() {
      await app.close()
      await store.close()
    },
  }
}
