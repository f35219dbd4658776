import { parseArgs } from 'node:util'
import { loadConfig } from '../config.js'
import { createDatabase } from '../db/client.js'
import { lockDataDirOrExit } from '../db/data-dir-lock.js'
import { runMigrations } from '../db/migrate.js'
import { createMailer } from '../mail/mailer.js'
import { createMediaStorage } from '../modules/media/index.js'
import { createPlatform } from '../platform.js'
import { createFamilies, wireFamilies } from '../services.js'
import { createSharedStore } from '../store/shared-store.js'

const HELP = `usage: npm run tenant:import -- --file <archive.tar.gz> --owner <email> [--slug <slug>] [--name <name>]

Imports a tenant export archive (GET /api/tenants/{id}/exports/{exportId}/download) as a new tenant,
straight into the database chosen by DATA_DIR and DATABASE_URL as for the server (stop a server on the
embedded database first, or use POST /api/tenants/imports on the running server).

  --file <path>     the archive
  --owner <email>   an existing account: the new tenant's owner; the archive's other members become
                    pending members (nothing is mailed: send invitations with POST /api/users/{id}/reinvite)
  --slug <slug>     the new tenant's slug (default: the archive's; a slug in use is refused)
  --name <name>     the new tenant's name (default: the archive's)
  --help            show this text

The archive is checked whole before anything is written. Progress goes to stderr and the result to
stdout. Exit code 0 on success, 1 otherwise.
`

const LOCKED_HINT =
  'Stop that process first, or import through the running server: POST /api/tenants/imports (see README "Export and import a tenant").'

/**
 * `npm run tenant:import`: imports an export archive as a new tenant into the configured database
 * (docs/decisions/portability.md), through the same service as `POST /api/tenants/imports`. The
 * events it records and the image variants it queues wait for the next running server.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      file: { type: 'string' },
      owner: { type: 'string' },
      slug: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  })
  if (values.help) {
    process.stdout.write(HELP)
    return
  }
  if (values.file === undefined || values.owner === undefined) {
    throw new Error('--file and --owner are required (see --help)')
  }
  const config = loadConfig()
  const lock = await lockDataDirOrExit(config, { prefix: 'tenant-import: ', hint: LOCKED_HINT })
  try {
    const database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
    const store = await createSharedStore({ redisUrl: config.redisUrl })
    try {
      await runMigrations(database)
      const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir })
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
      // The variants jobs it queues wait for the next running server: their queues must exist.
      wireFamilies(platform, families, services.tenantLifecycle.purger, mailer)
      await platform.jobs.prepare()
      try {
        process.stderr.write(`tenant-import: checking and importing ${values.file}\n`)
        const result = await services.tenantImports.importFile({
          ownerEmail: values.owner,
          path: values.file,
          name: values.name ?? null,
          slug: values.slug ?? null,
        })
        process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
        if (result.status !== 'succeeded') throw new Error(`the import failed: ${result.error}`)
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

main().then(
  () => {
    process.exitCode = 0
  },
  (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err)
    process.stderr.write(`tenant-import: ${message.replace(/\s*\n\s*/g, ' ')}\n`)
    process.exitCode = 1
  },
)
