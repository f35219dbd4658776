/**
 * `@folio/client/browser`: helpers for a website's pages, in the browser. This file imports
 * nothing, so its build (`dist/browser.js`) runs as it is: Folio serves it at `GET
 * /client/browser.js`, and a static site without a build imports it from there:
 *
 *   const { onPreview, subscribeChanges } = await import('https://cms.example.com/client/browser.js')
 *
 * Live preview (Studio posts an editor's unsaved content into the site in its iframe), draft preview
 * with a preview token (`?preview=` in the page's address), and the public change stream
 * (`GET /api/public/events`): docs/architecture.md "The typed client".
 */

/**
 * A content in the public shape (`GET /api/public/contents/slug/{slug}`): the members a site
 * renders most, typed; the others (categories, tags, featuredMedia, customFields …) as they come.
 */
export interface PublicContent {
  id: string
  locale: string
  slug: string
  title: string
  summary: string
  type: string
  /** view=full only. */
  html?: string
  /** null for a draft that was never published. */
  publishedAt: string | null
  updatedAt: string
  [member: string]: unknown
}

/**
 * What Studio posts while an editor types: the unsaved form in the public shape, with the members
 * the form has (id, locale, slug, title, summary, html, type …).
 */
export type PreviewContent = Partial<PublicContent>

/** Where Studio runs, for `onPreview`. */
export interface OnPreviewOptions {
  /**
   * Studio's origin (`https://cms.example.com`); a longer address is cut to its origin. Messages
   * from any other origin are ignored.
   */
  studioOrigin: string
}

/** The message Studio posts to the site in its preview frame. */
const PREVIEW_MESSAGE = 'folio:preview'
/** The message a framed site posts to Studio when it listens, so that Studio (re)sends the content. */
const READY_MESSAGE = 'folio:preview-ready'

/**
 * Calls `callback` with each unsaved content Studio posts (`{ type: 'folio:preview', version,
 * content }`), and with nothing else: a message whose sender is not `studioOrigin`, or whose data
 * is not such an object, is ignored. When the page is in a frame, it tells the parent that it
 * listens (`{ type: 'folio:preview-ready' }`, posted to `studioOrigin` only), so that Studio sends
 * the current form at once. Returns the function that stops listening.
 *
 * The content is the editor's unsaved input: Folio sanitizes html when it is saved, not before, so
 * a site that inserts it as markup should strip active content first (examples/website does).
 *
 * @throws TypeError when `studioOrigin` is not an http(s) address.
 */
export function onPreview(
  callback: (content: PreviewContent) => void,
  options: OnPreviewOptions,
): () => void {
  const studioOrigin = httpOrigin(options.studioOrigin)
  const listener = (event: MessageEvent) => {
    if (event.origin !== studioOrigin) return
    const data: unknown = event.data
    if (!isObject(data) || data.type !== PREVIEW_MESSAGE || !isObject(data.content)) return
    callback(data.content as PreviewContent)
  }
  window.addEventListener('message', listener)
  if (window.parent !== window) window.parent.postMessage({ type: READY_MESSAGE }, studioOrigin)
  return () => window.removeEventListener('message', listener)
}

/**
 * The preview token in a page's address (`?preview=fpv_…`, as a tenant's preview URL template
 * fills it in), null when there is none.
 */
export function previewToken(address: string = window.location.href): string | null {
  const token = new URL(address).searchParams.get('preview')
  return token === null || token === '' ? null : token
}

/** What `readPreview` reads. */
export interface ReadPreviewOptions {
  /** Where Folio answers, without `/api`: `https://cms.example.com`. */
  baseUrl: string
  /** The tenant, sent as `X-Tenant-ID`. */
  tenantId: string
  /** The slug of the content or of one of its translations (the draft's or the live one). */
  slug: string
  /** The preview token (`previewToken()`), sent as `X-Preview-Token`. */
  token: string
  /** The locale to answer in (`locale`); omitted: the translation the slug belongs to. */
  locale?: string | null
}

/** An answer of Folio other than 2xx, for `readPreview`. */
export class FolioResponseError extends Error {
  /** The HTTP status (401 for a token that is unknown, expired, revoked or of another content). */
  readonly status: number
  /** The error code of the answer (`PreviewTokenInvalid`, `NotFound` …), `Unknown` without one. */
  readonly code: string
  constructor(status: number, body: unknown) {
    const code = isObject(body) && typeof body.error === 'string' ? body.error : 'Unknown'
    const message = isObject(body) && typeof body.message === 'string' ? body.message : undefined
    super(message ?? `Folio answered ${status}.`)
    this.name = 'FolioResponseError'
    this.status = status
    this.code = code
  }
}

/**
 * The draft a preview token opens, in the public shape: `GET /api/public/contents/slug/{slug}`
 * with `X-Preview-Token`, never from a cache (`cache: 'no-store'`; Folio answers it `no-store` and
 * `X-Robots-Tag: noindex`).
 *
 * @throws FolioResponseError for an answer other than 2xx (401 `PreviewTokenInvalid`, 404 …);
 *   TypeError when Folio cannot be reached or refuses the page's origin (CORS).
 */
export async function readPreview(options: ReadPreviewOptions): Promise<PublicContent> {
  const url = new URL(
    `${apiBase(options.baseUrl)}/api/public/contents/slug/${encodeURIComponent(options.slug)}`,
  )
  if (options.locale) url.searchParams.set('locale', options.locale)
  const response = await fetch(url, {
    headers: { 'X-Tenant-ID': options.tenantId, 'X-Preview-Token': options.token },
    cache: 'no-store',
  })
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) throw new FolioResponseError(response.status, body)
  if (!isObject(body) || !isObject(body.content)) throw new FolioResponseError(response.status, null)
  return body.content as PublicContent
}

/** A record a public change is about; null in a change that asks to refetch everything. */
export interface ChangedRecord {
  /** `content`, `entry` (a collection entry), `menu`, `form`, `category` or `tag`. */
  type: string
  id: string
  /** The record's public slug; absent or null when it has none (or, once removed, never had one public). */
  slug?: string | null
  locale?: string | null
  /** The collection of an entry. */
  collectionKey?: string
}

/** One message of the public change stream (`event: change`). */
export interface PublicChange {
  /**
   * `content.published`, `content.updated` (a published content changed), `content.unpublished`,
   * `content.deleted`, `menu.*`, `collection-entry.*`, `form.*`, `category.*`, `tag.*`, or
   * `settings.updated` (record null: refetch everything).
   */
  type: string
  record: ChangedRecord | null
  /** The surrogate keys whose cached answers the change makes stale (`t:<tenantId>` …). */
  surrogateKeys: string[]
  /** When the change was committed (ISO 8601). */
  at: string
}

/** What `subscribeChanges` listens to, and what it calls. */
export interface SubscribeChangesOptions {
  /** Where Folio answers, without `/api`: `https://cms.example.com`. */
  baseUrl: string
  /** The tenant whose public changes to follow. */
  tenantId: string
  /** Called with each change, in commit order. */
  onChange: (change: PublicChange) => void
  /**
   * Called when changes may have been missed, so that the page refetches what it shows: Folio
   * could not replay the changes since the last one received (`event: reset`), or the stream came
   * back after a break before any change had been received.
   */
  onReset?: () => void
}

/** `EventSource.CLOSED`: the browser gave up on the stream (an answer other than 200, or closed). */
const CLOSED = 2
/** The first wait before reopening a stream the browser gave up on (ms), doubled up to `MAX_RETRY_MS`. */
const FIRST_RETRY_MS = 2_000
const MAX_RETRY_MS = 60_000

/**
 * Follows the tenant's public changes (`GET /api/public/events?tenant=…`, Server-Sent Events) and
 * calls `onChange` with each. After a network break the browser reconnects by itself and sends the
 * id of the last change received (`Last-Event-ID`), from which Folio replays what was missed; when
 * the browser gives up (Folio answered 429 or 503, say), the stream is reopened after 2 s, then
 * twice as long each time up to a minute, resuming with `?lastEventId=`. Returns the function that
 * closes the stream for good.
 */
export function subscribeChanges(options: SubscribeChangesOptions): () => void {
  const base = `${apiBase(options.baseUrl)}/api/public/events`
  let source: EventSource | undefined
  let lastEventId = ''
  let opened = 0
  let retryMs = FIRST_RETRY_MS
  let timer: ReturnType<typeof setTimeout> | undefined
  let closed = false

  const open = () => {
    const url = new URL(base)
    url.searchParams.set('tenant', options.tenantId)
    if (lastEventId !== '') url.searchParams.set('lastEventId', lastEventId)
    const stream = new EventSource(url)
    source = stream
    stream.addEventListener('open', () => {
      retryMs = FIRST_RETRY_MS
      // Without an id to resume from, Folio cannot replay what the break hid.
      if (opened++ > 0 && lastEventId === '') options.onReset?.()
    })
    stream.addEventListener('change', (event) => {
      if (event.lastEventId !== '') lastEventId = event.lastEventId
      const change = parseChange(event.data)
      if (change !== null) options.onChange(change)
    })
    stream.addEventListener('reset', (event) => {
      if (event.lastEventId !== '') lastEventId = event.lastEventId
      options.onReset?.()
    })
    stream.addEventListener('error', () => {
      if (closed || stream.readyState !== CLOSED) return
      timer = setTimeout(open, retryMs)
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)
    })
  }
  open()
  return () => {
    closed = true
    clearTimeout(timer)
    source?.close()
  }
}

/** A `change` message's data as a `PublicChange`, null when it is not one. */
function parseChange(data: unknown): PublicChange | null {
  if (typeof data !== 'string') return null
  let change: unknown
  try {
    change = JSON.parse(data)
  } catch {
    return null
  }
  if (!isObject(change) || typeof change.type !== 'string') return null
  if (change.record !== null && !isObject(change.record)) return null
  return change as unknown as PublicChange
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** `baseUrl` without a trailing slash: Folio may answer under a path (`https://example.com/cms`). */
function apiBase(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '')
}

/** The origin of an http(s) address. @throws TypeError for another address. */
function httpOrigin(address: string): string {
  const url = new URL(address)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`studioOrigin must be an http(s) address, not ${address}.`)
  }
  return url.origin
}
