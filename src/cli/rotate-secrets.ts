import { parseArgs } from 'node:util'
import { loadConfig } from '../config.js'
import { createDatabase } from '../db/client.js'
import { lockDataDirOrExit } from '../db/data-dir-lock.js'
import { runMigrations } from '../db/migrate.js'
import { createSecretBox } from '../lib/secrets.js'
import { formatRotation, rotateStoredSecrets } from '../modules/tenant-settings/index.js'

const HELP = `usage: npm run secrets:rotate

Re-encrypts every stored tenant secret (SMTP passwords, webhook secrets) with the current APP_SECRET.
Run it after setting a new APP_SECRET with the old one in APP_SECRET_PREVIOUS (see README "Rotating
APP_SECRET"); when it reports no failures, APP_SECRET_PREVIOUS can be dropped. The database is the
server's (DATA_DIR, DATABASE_URL). On the embedded database, stop the server first; on PostgreSQL it
may run beside running servers. Running it again is harmless.

Progress goes to stderr and the summary to stdout. Exit code 0 when every secret is current, 1 otherwise.
`

/** `npm run secrets:rotate`: see HELP. */
async function main(): Promise<boolean> {
  const { values } = parseArgs({ options: { help: { type: 'boolean', default: false } }, strict: true })
  if (values.help) {
    process.stdout.write(HELP)
    return true
  }
  const config = loadConfig()
  const lock = await lockDataDirOrExit(config, {
    prefix: 'secrets:rotate: ',
    hint: 'Stop the server first (the embedded database belongs to one process), then run this again.',
  })
  try {
    const database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
    try {
      await runMigrations(database)
      const summary = await rotateStoredSecrets({
        db: database.db,
        secrets: createSecretBox(config.appSecret, config.appSecretPrevious),
        onProgress: (done, total) => process.stderr.write(`secrets:rotate: ${done}/${total} tenants\n`),
      })
      process.stdout.write(formatRotation(summary))
      return summary.reencrypted + summary.alreadyCurrent === summary.secrets
    } finally {
      await database.close()
    }
  } finally {
    await lock?.release()
  }
}

main().then(
  (allCurrent) => {
    process.exitCode = allCurrent ? 0 : 1
  },
  (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err)
    process.stderr.write(`secrets:rotate: ${message.replace(/\s*\n\s*/g, ' ')}\n`)
    process.exitCode = 1
  },
)
