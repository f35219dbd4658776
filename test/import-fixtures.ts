import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import type { Database, Db } from '../src/db/client.js'
import { NO_EVENT_SINK } from '../src/events/event-log.js'
import { createOutbound } from '../src/lib/outbound.js'
import { createSecretBox } from '../src/lib/secrets.js'
import { createMailer } from '../src/mail/mailer.js'
import { createCategoriesService } from '../src/modules/categories/service.js'
import { createHtmlSanitizer } from '../src/modules/contents/sanitize.js'
import { createContentsService } from '../src/modules/contents/service.js'
import type { Import } from '../src/modules/imports/schemas.js'
import { createWordPressImporter } from '../src/modules/imports/wordpress-import.js'
import { createLocalStorage } from '../src/modules/media/local-storage.js'
import { createMediaService } from '../src/modules/media/service.js'
import { createMediaUploads } from '../src/modules/media/uploads.js'
import { createMenusService } from '../src/modules/menus/service.js'
import { createRoleResolver } from '../src/modules/roles/resolver.js'
import { createTagsService } from '../src/modules/tags/service.js'
import { defaultSettings } from '../src/modules/tenant-settings/reader.js'
import { createTenantSettingsService } from '../src/modules/tenant-settings/service.js'
import { createTenantsService } from '../src/modules/tenants/service.js'
import { createSharedStore } from '../src/store/shared-store.js'
import { call, inlineWorkers, TEST_APP_SECRET } from './helpers.js'

/**
 * The WordPress importer on `db`, with the tenants service it creates tenants through (no sessions
 * involved). It has no job runner and no download client: imports copying media go through an app.
 */
export function testImporter(db: Db) {
  const settings = { get: async (tenantId: string) => defaultSettings(tenantId) }
  const tenants = createTenantsService({
    db,
    config: { defaultTenantPlan: 'enterprise', platformAdminEmails: [] },
    sessions: { moveTo: async () => false },
    events: NO_EVENT_SINK,
    settings,
    roles: createRoleResolver({ db, bus: { on() {}, onResync() {} } }),
  })
  const events = NO_EVENT_SINK
  const html = createHtmlSanitizer(inlineWorkers)
  // Events wait in the outbox; no app is listening to this importer's commits.
  return createWordPressImporter({
    db,
    tenants,
    events,
    writers: {
      categories: createCategoriesService({ db, events, settings }),
      tags: createTagsService({ db, events, settings }),
      media: createMediaService({ db, events }),
      mediaUploads: createMediaUploads({
        db,
        events,
        storage: createLocalStorage({
          dataDir: join(tmpdir(), 'folio-test-importer'),
          mediaPublicUrl: 'http://localhost:3000',
          uploadBaseUrl: 'http://localhost:3000',
          secret: TEST_APP_SECRET,
        }),
        jobs: {
          send: () =>
            Promise.reject(new Error('The test importer queues no jobs: copy media through an app.')),
        },
        maxUploadBytes: 1024 * 1024,
        maxImagePixels: 50_000_000,
        presignTtlSeconds: 300,
        secret: TEST_APP_SECRET,
      }),
      contents: createContentsService({ db, events, html }),
      htmlSanitizer: html,
      menus: createMenusService({ db, events, settings }),
      tenantSettings: createTenantSettingsService({
        db,
        sink: events,
        secrets: createSecretBox(TEST_APP_SECRET),
        outbound: createOutbound({ allowPrivate: false }),
      }),
    },
  })
}

/**
 * A second app on an existing test database, with its own configuration (e.g. a small
 * IMPORT_MAX_BYTES), so a test can stop it like a server stops. `jobsSchema` names the pg-boss
 * schema of its jobs: apps given the same one are one server's lives (a restart), and no other
 * app of the test run takes their jobs. An app only sees the import jobs of its own schema.
 */
export async function secondApp(
  database: Database,
  dataDir: string,
  env: Record<string, string> = {},
  jobsSchema?: string,
): Promise<FastifyInstance> {
  const config = loadConfig({
    DATABASE_URL: 'memory://',
    DATA_DIR: dataDir,
    APP_SECRET: TEST_APP_SECRET,
    ...env,
  })
  const store = await createSharedStore({})
  const app = await buildApp({
    config,
    // The kind decides whether the app takes over every unfinished import at start (PGlite is one
    // process's alone); on the shared PostgreSQL of a test run it must not touch other files' imports.
    database: {
      ...database,
      kind: process.env.TEST_DATABASE_URL === undefined ? 'pglite' : 'postgres',
      close: async () => undefined,
    },
    store,
    mailer: createMailer({ from: config.mailFrom, dataDir }),
    logger: false,
    ...(jobsSchema === undefined ? {} : { jobsSchema }),
  })
  app.addHook('onClose', () => store.close())
  await app.ready()
  return app
}

/** Posts `xml` to `POST /api/imports/wordpress` with `token`. */
export function postExport(app: FastifyInstance, token: string, xml: string | Buffer, query = '') {
  return call(app, 'POST', `/api/imports/wordpress${query}`, {
    token,
    body: xml,
    headers: { 'content-type': 'application/xml' },
  })
}

/** Polls `GET /api/imports/{id}` until the import is finished (or `timeoutMs` passes). */
export async function waitForImport(
  app: FastifyInstance,
  token: string,
  id: string,
  timeoutMs = 60_000,
): Promise<Import> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const response = await call(app, 'GET', `/api/imports/${id}`, { token })
    if (response.statusCode !== 200)
      throw new Error(`GET /api/imports/${id}: ${response.statusCode} ${response.body}`)
    const state = response.data.import as Import
    if (state.status === 'succeeded' || state.status === 'failed') return state
    if (Date.now() > deadline) throw new Error(`import ${id} still ${state.status} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
