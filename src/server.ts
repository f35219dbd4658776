import closeWithGrace from 'close-with-grace'
import { buildApp } from './app.js'
import { ConfigError, loadConfig } from './config.js'
import { createDatabase } from './db/client.js'
import { lockDataDirOrExit } from './db/data-dir-lock.js'
import { runMigrations } from './db/migrate.js'
import { createMailer } from './mail/mailer.js'
import { isOutageFailure, reportBackgroundFailure } from './outages.js'
import { createSharedStore } from './store/shared-store.js'

/** What to do instead when another process holds the embedded database. */
const LOCKED_HINT =
  'Stop that process first, or give this one another DATA_DIR. To import into a running server, use ' +
  'npm run import:wordpress -- --url <server URL> --token <token> --file <export.xml>.'

/** Process entry: configuration → DATA_DIR lock (embedded database) → database (migrated) → shared store → app → listen. */
async function main() {
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
  const lock = await lockDataDirOrExit(config, { prefix: 'Folio cannot start: ', hint: LOCKED_HINT })
  const database = await createDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  })
  await runMigrations(database)
  const store = await createSharedStore({ redisUrl: config.redisUrl, postgresUrl: config.databaseUrl })
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir })
  const app = await buildApp({ config, database, store, mailer })

  // In-flight requests finish, then the store and database close (docs/decisions/configuration.md
  // "Graceful shutdown"). Unhandled rejections are decided below.
  closeWithGrace({ delay: 10_000, skip: ['unhandledRejection'] }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error')
    else app.log.info({ signal }, 'shutting down')
    await app.close()
    await store.close()
    await database.close()
    await lock?.release()
  })

  // pg-boss 10 records a job's end without awaiting the statement (timgit/pg-boss#577): while the
  // database is away that rejection has no handler. An outage is no reason to stop (the job comes
  // back when its expiry passes: docs/decisions/configuration.md "PostgreSQL outages"); any other
  // unhandled rejection is thrown again, and shuts down as an uncaught error does.
  process.on('unhandledRejection', (reason) => {
    if (isOutageFailure(reason)) return reportBackgroundFailure(app.log, database, store, reason)
    process.nextTick(() => {
      throw reason
    })
  })

  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw err
    const reason = code === 'EADDRINUSE' ? 'is already in use' : 'needs privileges this process lacks'
    console.error(
      `Cannot listen on ${config.host}:${config.port}: the port ${reason}. Stop the other process or set PORT to a free port.`,
    )
    await store.close()
    await database.close()
    await lock?.release()
    process.exit(1)
  }
  releaseStartupGarbage()
  app.log.info(
    `Folio is serving ${config.publicUrl} (docs: ${config.publicUrl}/api/docs, database: ${database.kind})`,
  )
}

/**
 * One full, compacting garbage collection once the server listens, when the process exposes it
 * (`npm start` passes `--expose-gc`). Starting (migrations, plugins, schema compilation) leaves the
 * old generation fragmented: about 80 MB held for 47 MB live on PostgreSQL, and under load V8 has no
 * idle moment to give it back; after this collection an idle server holds about 25 MB less
 * (docs/decisions/configuration.md "Memory"). It takes about 50 ms, before any request.
 */
function releaseStartupGarbage(): void {
  ;(globalThis as { gc?: () => void }).gc?.()
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
