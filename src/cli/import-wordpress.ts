import { parseArgs } from 'node:util'
import { importDirect } from './import-direct.js'
import { importRemote, RemoteImportFailed } from './import-remote.js'
import { formatSummary } from './import-summary.js'

const HELP = `usage: npm run import:wordpress -- --file <export.xml> (--url <server> --token <token> | --tenant <slug>) [options]

Imports a WordPress export (WXR: Tools > Export in WordPress) into a Folio tenant: categories, tags,
attachments (as external media, or copied with --copy-media), posts and pages, and menus. Running it again
creates nothing twice, and a run that was cut short continues where it stopped.

Through a running server (required while a server runs on the embedded database):
  --url <server>      the server's address, e.g. http://localhost:3000
  --token <token>     an API token (folio_..., role owner or admin, scopes read and write): its tenant
                      is the target. Or a session token (from POST /api/auth/login) of an owner or admin,
                      with --tenant-id. FOLIO_TOKEN in the environment works too and stays out of ps.
  --tenant-id <id>    with a session token: the tenant to import into (default: the session's tenant)

Directly into the database (the server stopped, or a PostgreSQL DATABASE_URL), chosen by DATA_DIR and
DATABASE_URL as for the server:
  --tenant <slug>     the tenant; created when missing if --owner is given
  --owner <email>     an existing user: owner of a tenant created here, and recorded as author

  --copy-media        download the attachments' files into Folio's media (upload checks, image variants)
                      and rewrite the imported html to them; a file that cannot be copied stays external
                      and is listed as a problem. Without it the files stay on the WordPress site.
                      Addresses are checked as for webhooks (OUTBOUND_ALLOW_PRIVATE on the side that
                      downloads: the server with --url, this command without).
  --dry-run           check the file and count what would be created; write nothing (no --owner needed)
  --help              show this text

Progress goes to stderr and the summary to stdout. Exit code 0 on success, 1 otherwise.
`

/**
 * `npm run import:wordpress`: imports a WordPress WXR export, either through a running server
 * (`--url`, `--token`) or directly into the database (`--tenant`). Exit code 0 on success, 1 with
 * a one-line error otherwise.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      file: { type: 'string' },
      url: { type: 'string' },
      token: { type: 'string' },
      'tenant-id': { type: 'string' },
      tenant: { type: 'string' },
      owner: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      'copy-media': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  })
  if (values.help) {
    process.stdout.write(HELP)
    return
  }
  const onProgress = (line: string) => process.stderr.write(`${line}\n`)
  const dryRun = values['dry-run']
  const copyMedia = values['copy-media']
  if (values.url !== undefined) {
    const token = values.token ?? process.env.FOLIO_TOKEN
    if (values.file === undefined || token === undefined || token === '') {
      throw new Error('--file and --token (or FOLIO_TOKEN) are required with --url (see --help)')
    }
    if (values.tenant !== undefined || values.owner !== undefined) {
      throw new Error(
        "--tenant and --owner are for the direct mode; with --url the tenant is the token's, or --tenant-id (see --help)",
      )
    }
    try {
      const summary = await importRemote({
        file: values.file,
        url: values.url,
        token,
        tenantId: values['tenant-id'],
        dryRun,
        copyMedia,
        onProgress,
      })
      process.stdout.write(formatSummary(summary))
    } catch (err) {
      if (err instanceof RemoteImportFailed) process.stdout.write(formatSummary(err.summary))
      throw err
    }
    return
  }
  if (values.file === undefined || values.tenant === undefined) {
    throw new Error('--file and --tenant (or --url and --token) are required (see --help)')
  }
  if (values.token !== undefined || values['tenant-id'] !== undefined) {
    throw new Error('--token and --tenant-id go with --url (see --help)')
  }
  const summary = await importDirect({
    file: values.file,
    tenantSlug: values.tenant,
    ownerEmail: values.owner,
    dryRun,
    copyMedia,
    onProgress,
  })
  process.stdout.write(formatSummary(summary))
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
