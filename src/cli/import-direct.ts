import { loadConfig } from '../config.js'
import { createDatabase } from '../db/client.js'
import { lockDataDirOrExit } from '../db/data-dir-lock.js'
import { runMigrations } from '../db/migrate.js'
import { createMailer } from '../mail/mailer.js'
import { createWordPressImporter, type WordPressImportSummary } from '../modules/imports/index.js'
import { createMediaStorage } from '../modules/media/index.js'
import { createPlatform } from '../platform.js'
import { createFamilies, wireFamilies } from '../services.js'
import { createSharedStore } from '../store/shared-store.js'

/** What to do instead when the embedded database is held by a running server. */
const LOCKED_HINT =
  'Stop that process first, or import through the running server: ' +
  'npm run import:wordpress -- --url <server URL> --token <token> --file <export.xml> (see --help).'

/**
 * The direct mode: opens the configured database itself (under the DATA_DIR lock when it is the
 * embedded one) and imports into the tenant named by slug.
 * Exits 1 with one line when a server (or another import) holds DATA_DIR.
 * @throws what the importer throws.
 */
export async function importDirect(options: {
  file: string
  tenantSlug: string
  ownerEmail: string | undefined
  dryRun: boolean
  copyMedia: boolean
  onProgress: (line: string) => void
}): Promise<WordPressImportSummary> {
  const config = loadConfig()
  const lock = await lockDataDirOrExit(config, { prefix: 'import-wordpress: ', hint: LOCKED_HINT })
  try {
    const database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
    const store = await createSharedStore({ redisUrl: config.redisUrl })
    try {
      await runMigrations(database)
      const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir })
      // Events of the import wait in the outbox for the next running server: nothing is started here.
      const platform = createPlatform({ config, database, store })
      const mediaStorage = await createMediaStorage(
        config.media,
        config.dataDir,
        config.publicUrl,
        config.appSecret,
      )
      const { families, services } = createFamilies({
        config,
        database,
        store,
        mailer,
        platform,
        mediaStorage,
      })
      // The import's writes queue jobs (image variants, scheduled publishing) for the next running
      // server: their queues must exist, even on a database no server has started on yet.
      wireFamilies(platform, families, services.tenantLifecycle.purger, mailer)
      if (!options.dryRun) await platform.jobs.prepare()
      const importer = createWordPressImporter({
        db: database.db,
        tenants: services.tenants,
        events: platform.bus.sink,
        writers: services,
        download: services.outbound.download,
      })
      try {
        return await importer.run({
          file: options.file,
          tenantSlug: options.tenantSlug,
          ownerEmail: options.ownerEmail,
          dryRun: options.dryRun,
          copyMedia: options.copyMedia,
          onProgress: options.onProgress,
        })
      } finally {
        await services.outbound.close()
        await services.workers.close()
      }
    } finally {
      await store.close()
      await database.close()
    }
  } finally {
    await lock?.release()
  }
}
