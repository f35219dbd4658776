import { parseArgs } from 'node:util'
import { loadConfig } from '../config.js'
import { createDatabase } from '../db/client.js'
import { runMigrations } from '../db/migrate.js'
import { createMailer } from '../mail/mailer.js'
import { createWordPressImporter, type WordPressImportSummary } from '../modules/import/wordpress-import.js'
import { createServices } from '../services.js'
import { createSharedStore } from '../store/shared-store.js'

const USAGE =
  'usage: npm run import:wordpress -- --file <export.xml> --tenant <slug> [--owner <email>] [--dry-run]'

/**
 * `npm run import:wordpress`: imports a WordPress WXR export into a tenant. Progress goes to
 * stderr, the summary to stdout; exit code 0 on success, 1 with a one-line error otherwise.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      file: { type: 'string' },
      tenant: { type: 'string' },
      owner: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  })
  if (values.file === undefined || values.tenant === undefined) {
    throw new Error(`--file and --tenant are required (${USAGE})`)
  }

  const config = loadConfig()
  const database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir })
  const store = await createSharedStore({ redisUrl: config.redisUrl })
  try {
    await runMigrations(database)
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir })
    const services = createServices({ config, database, store, mailer })
    const importer = createWordPressImporter({
      db: database.db,
      tenants: services.tenants,
      listTotals: services.listTotals,
    })
    const summary = await importer.run({
      file: values.file,
      tenantSlug: values.tenant,
      ownerEmail: values.owner,
      dryRun: values['dry-run'],
      onProgress: (line) => process.stderr.write(`${line}\n`),
    })
    process.stdout.write(formatSummary(summary))
  } finally {
    await store.close()
    await database.close()
  }
}

function formatSummary(summary: WordPressImportSummary): string {
  const tenant = summary.tenant.created
    ? `new tenant "${summary.tenant.slug}"`
    : `tenant "${summary.tenant.slug}"`
  const lines = [
    `${summary.dryRun ? 'Dry run (nothing written): would import' : 'Imported'} "${summary.siteTitle}" into ${tenant}`,
    `${'kind'.padEnd(12)}${'created'.padStart(9)}${'existing'.padStart(10)}${'skipped'.padStart(9)}`,
  ]
  for (const [kind, counts] of Object.entries(summary.counts)) {
    lines.push(
      `${kind.padEnd(12)}${String(counts.created).padStart(9)}${String(counts.existing).padStart(10)}${String(counts.skipped).padStart(9)}`,
    )
  }
  const statuses = Object.entries(summary.statuses).map(([status, count]) => `${status} ${count}`)
  lines.push(`content statuses: ${statuses.join(', ')}`)
  const skipped = Object.entries(summary.skipped).map(([reason, count]) => `${reason} ${count}`)
  if (skipped.length > 0) lines.push(`skipped: ${skipped.join(', ')}`)
  for (const problem of summary.problems) lines.push(`not imported: ${problem.key}: ${problem.message}`)
  return `${lines.join('\n')}\n`
}

main().then(
  () => {
    process.exitCode = 0
  },
  (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err)
    process.stderr.write(`import-wordpress: ${message.replace(/\s*\n\s*/g, ' ')}\n`)
    process.exitCode = 1
  },
)
