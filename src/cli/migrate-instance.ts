import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { readVariables } from '../config-schema.js'
import { formatMoveSummary, MoveRefused, moveInstance, parsePlace } from './instance-move.js'

const HELP = `usage: npm run migrate-instance -- --to <postgres://… | directory> [--from <directory | postgres://…>] [options]

Moves a whole Folio instance (every account, tenant, record, queued and scheduled job, and the local
media files) into a new, empty database: from the embedded database of a DATA_DIR to PostgreSQL, or
back from PostgreSQL into a new DATA_DIR. The source is only read. Stop the servers first.

  --to <place>        where the instance goes: a postgres:// URL (an empty database), or a directory
                      path, the DATA_DIR of a new embedded instance
  --from <place>      where it is: a directory path (a DATA_DIR) or a postgres:// URL
                      (default: the configured DATA_DIR, ./data unless DATA_DIR says otherwise)
  --media-to <dir>    where the local media files go: <the new server's DATA_DIR>/media. Required
                      towards PostgreSQL when there are media files; with a directory target they go
                      to <target>/media. Waiting import files go beside it, to <DATA_DIR>/imports.
  --media-from <dir>  the source's media folder (default: <source DATA_DIR>/media; from PostgreSQL:
                      the configured DATA_DIR's)
  --page-rows <n>     rows copied per statement (default 500; a page also stops at 8 MiB of rows)
  --help              show this text

The target's migrations are run first; the move is refused (exit code 1, one line, nothing written)
while a server holds the source DATA_DIR, when the target holds any record, or when the two
databases' migrations differ. The rows are copied in one transaction (all or nothing) and every
table's row count is compared before it commits. With MEDIA_DRIVER=s3 no file is copied.

Progress goes to stderr and the summary to stdout. Exit code 0 on success, 1 otherwise.
`

/** A page of the copy holds at most this much of rows' JSON (a larger row goes alone). */
const PAGE_BYTES = 8 * 1024 * 1024

/** `npm run migrate-instance`: see HELP. Exit code 0 when the instance moved and verified, 1 otherwise. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      to: { type: 'string' },
      from: { type: 'string' },
      'media-to': { type: 'string' },
      'media-from': { type: 'string' },
      'page-rows': { type: 'string', default: '500' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  })
  if (values.help) {
    process.stdout.write(HELP)
    return
  }
  if (values.to === undefined) throw new MoveRefused('--to is required (see --help).')
  const pageRows = Number(values['page-rows'])
  if (!Number.isInteger(pageRows) || pageRows < 1 || pageRows > 100_000) {
    throw new MoveRefused('--page-rows must be a whole number from 1 to 100000.')
  }
  // Only the variables this command needs: the whole configuration would ask for a server's.
  const { values: env, problems } = readVariables(process.env)
  const relevant = problems.filter((problem) => /^(DATA_DIR|MEDIA_DRIVER|APP_SECRET)\b/.test(problem))
  if (relevant.length > 0) throw new MoveRefused(relevant.join('; '))
  const dataDir = env.DATA_DIR ?? './data'
  const from = parsePlace(values.from ?? dataDir)
  const to = parsePlace(values.to)
  const onProgress = (line: string) => process.stderr.write(`migrate-instance: ${line}\n`)
  const summary = await moveInstance({
    from,
    to,
    mediaDriver: env.MEDIA_DRIVER === 's3' ? 's3' : 'local',
    mediaFrom: values['media-from'] ?? (from.kind === 'postgres' ? join(dataDir, 'media') : undefined),
    mediaTo: values['media-to'],
    appSecret: env.APP_SECRET,
    pageRows,
    pageBytes: PAGE_BYTES,
    onProgress,
    onLockLost: (err) => {
      process.stderr.write(
        `migrate-instance: lost the lock on a data directory (${err.message}); stopping.\n`,
      )
      process.exit(1)
    },
  })
  process.stdout.write(formatMoveSummary(summary, from, to))
}

main().then(
  () => {
    process.exitCode = 0
  },
  (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err)
    process.stderr.write(`migrate-instance: ${message.replace(/\s*\n\s*/g, ' ')}\n`)
    process.exitCode = 1
  },
)
