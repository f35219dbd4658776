import { openAsBlob } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Import, WordPressImportSummary } from '../modules/imports/index.js'

const POLL_MS = 500

export interface RemoteImportOptions {
  file: string
  /** The server's base URL, e.g. http://localhost:3000. */
  url: string
  /** An API token (its tenant is the target) or a session token (with `tenantId`, or its session's tenant). */
  token: string
  tenantId: string | undefined
  dryRun: boolean
  /** Ask the server to copy the attachments' files into Folio's media (`copyMedia=true`). */
  copyMedia: boolean
  onProgress: (line: string) => void
}

/** The import ended `failed`; `summary` holds what it had done by then. */
export class RemoteImportFailed extends Error {
  override name = 'RemoteImportFailed'
  constructor(
    message: string,
    readonly summary: WordPressImportSummary,
  ) {
    super(message)
  }
}

/**
 * The `--url` mode: uploads the export to `POST /api/imports/wordpress` of a running server, which
 * imports it with the database it owns, then follows `GET /api/imports/{id}` until the import ends.
 * @throws Error with the server's `{ error, message }` for a refused request, `RemoteImportFailed`
 *   when the import itself fails.
 */
export async function importRemote(options: RemoteImportOptions): Promise<WordPressImportSummary> {
  const base = baseUrl(options.url)
  const headers: Record<string, string> = { authorization: `Bearer ${options.token}` }
  if (options.tenantId !== undefined) headers['x-tenant-id'] = options.tenantId
  const request = async (path: string, init: RequestInit = {}) => {
    let response: Response
    try {
      response = await fetch(`${base}${path}`, { ...init, headers: { ...headers, ...init.headers } })
    } catch (err) {
      const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message
      throw new Error(`Cannot reach ${base}: ${cause}`)
    }
    const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined
    if (!response.ok) {
      const code = typeof body?.error === 'string' ? body.error : response.statusText
      const message = typeof body?.message === 'string' ? `: ${body.message}` : ''
      throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status} ${code}${message}`)
    }
    return body ?? {}
  }

  // The tenant is checked before the upload, so a wrong token fails before sending a large file.
  const info = (await request('/api/tenant/info')) as { tenant: { id: string; slug: string } }
  // A Blob backed by the file: fetch streams it from disk (with its Content-Length), never whole.
  const xml = await openAsBlob(options.file)
  const query = new URLSearchParams({
    ...(options.dryRun ? { dryRun: 'true' } : {}),
    ...(options.copyMedia ? { copyMedia: 'true' } : {}),
  }).toString()
  const started = (await request(`/api/imports/wordpress${query === '' ? '' : `?${query}`}`, {
    method: 'POST',
    headers: { 'content-type': 'application/xml' },
    body: xml,
  })) as { import: Import }
  const id = started.import.id
  options.onProgress(
    `Import ${id} of "${started.import.siteTitle}" queued on ${base} for tenant "${info.tenant.slug}"`,
  )

  let state = started.import
  let shown = ''
  while (state.status === 'queued' || state.status === 'running') {
    await sleep(POLL_MS)
    try {
      state = ((await request(`/api/imports/${id}`)) as { import: Import }).import
    } catch (err) {
      throw new Error(
        `Lost track of import ${id} (${(err as Error).message}). Once the server is back, ` +
          `GET /api/imports/${id} shows how it ended; running the import again creates nothing twice.`,
      )
    }
    const line = progressLine(state)
    if (line !== undefined && line !== shown) options.onProgress(line)
    shown = line ?? shown
  }

  const summary: WordPressImportSummary = {
    file: options.file,
    siteTitle: state.siteTitle,
    dryRun: state.dryRun,
    tenant: { id: info.tenant.id, slug: info.tenant.slug, created: false },
    counts: state.counts,
    statuses: state.statuses,
    skipped: state.skipped,
    problems: state.problems,
    mediaFiles: state.mediaFiles,
  }
  if (state.status === 'failed') {
    throw new RemoteImportFailed(`Import ${id} failed: ${state.error ?? 'no reason given'}`, summary)
  }
  return summary
}

function baseUrl(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`--url must be the server's http(s) address, got "${raw}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`--url must be the server's http(s) address, got "${raw}"`)
  }
  return url.href.replace(/\/+$/, '')
}

/** `phase: done/total` of a running import, from its counts; undefined while queued. */
function progressLine(state: Import): string | undefined {
  if (state.phase === null) return undefined
  const handled = (kind: keyof Import['counts']) =>
    state.counts[kind].created + state.counts[kind].existing + state.counts[kind].skipped
  const done = {
    categories: handled('categories'),
    tags: handled('tags'),
    attachments: handled('media'),
    contents: handled('posts') + handled('pages'),
    menus: handled('menuItems'),
  }[state.phase as keyof Import['totals']]
  const label =
    state.phase === 'contents' ? 'posts and pages' : state.phase === 'menus' ? 'menu items' : state.phase
  return `${label}: ${done}/${state.totals[state.phase as keyof Import['totals']]}`
}
