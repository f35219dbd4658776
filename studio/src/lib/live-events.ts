/**
 * The tenant's live events in Studio (docs/decisions/studio.md "Presence and live lists"): one
 * `EventSource` on `GET /api/events?tenant=<id>` per tenant, shared by everything listening to it
 * (the tenant layout for the whole time the tenant is shown, an editor for its presence line), and
 * closed when the last listener leaves. The browser reconnects it by itself after a drop.
 */

/** Who is editing a record, as the stream and `GET /api/presence/…` name them. */
export interface PresenceEditor {
  userId: string
  name: string
}

/** `event: presence`: the editors of one record now (an empty list when the last one left). */
export interface PresenceMessage {
  resource: string
  id: string
  editors: PresenceEditor[]
}

/**
 * `event: change`: one of the tenant's events the member may view, as the outbox recorded it
 * (`type` such as `content.updated`, the record's id as `subjectId`, the event's slim payload).
 */
export interface ChangeMessage {
  type: string
  subjectId: string | null
  payload: Record<string, unknown>
}

export interface LiveListener {
  change?: (message: ChangeMessage) => void
  presence?: (message: PresenceMessage) => void
}

/** What is used of the browser's `EventSource` (a fake in unit tests). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: { data?: unknown }) => void): void
  close(): void
}

export type OpenEventSource = (url: string) => EventSourceLike

const openInBrowser: OpenEventSource = (url) => new EventSource(url)

interface Stream {
  source: EventSourceLike
  listeners: Set<LiveListener>
}

const streams = new Map<string, Stream>()

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

function json(data: unknown): Record<string, unknown> | undefined {
  if (typeof data !== 'string') return undefined
  try {
    return record(JSON.parse(data))
  } catch {
    return undefined
  }
}

/** A `change` message's data, or undefined when it is not one. */
export function parseChange(data: unknown): ChangeMessage | undefined {
  const message = json(data)
  if (!message || typeof message.type !== 'string') return undefined
  return {
    type: message.type,
    subjectId: typeof message.subjectId === 'string' ? message.subjectId : null,
    payload: record(message.payload) ?? {},
  }
}

/** A `presence` message's data (editors without an id left out), or undefined when it is not one. */
export function parsePresence(data: unknown): PresenceMessage | undefined {
  const message = json(data)
  if (!message || typeof message.resource !== 'string' || typeof message.id !== 'string') return undefined
  const editors = Array.isArray(message.editors) ? message.editors : []
  return {
    resource: message.resource,
    id: message.id,
    editors: editors.flatMap((item) => {
      const editor = record(item)
      return editor && typeof editor.userId === 'string'
        ? [{ userId: editor.userId, name: typeof editor.name === 'string' ? editor.name : '' }]
        : []
    }),
  }
}

/** The stream's address for a tenant (EventSource sends no headers: the tenant goes in the query). */
export function eventsUrl(tenantId: string): string {
  return `/api/events?tenant=${encodeURIComponent(tenantId)}`
}

/**
 * Listens to `tenantId`'s live events: opens the tenant's stream for the first listener, shares it
 * with the next ones, and closes it when the returned function has been called by every one.
 */
export function listenTenantEvents(
  tenantId: string,
  listener: LiveListener,
  open: OpenEventSource = openInBrowser,
): () => void {
  let stream = streams.get(tenantId)
  if (!stream) {
    const source = open(eventsUrl(tenantId))
    const opened: Stream = { source, listeners: new Set() }
    source.addEventListener('change', (event) => {
      const message = parseChange(event.data)
      if (message) for (const each of [...opened.listeners]) each.change?.(message)
    })
    source.addEventListener('presence', (event) => {
      const message = parsePresence(event.data)
      if (message) for (const each of [...opened.listeners]) each.presence?.(message)
    })
    streams.set(tenantId, opened)
    stream = opened
  }
  const listening = stream
  listening.listeners.add(listener)
  let done = false
  return () => {
    if (done) return
    done = true
    listening.listeners.delete(listener)
    if (listening.listeners.size === 0 && streams.get(tenantId) === listening) {
      listening.source.close()
      streams.delete(tenantId)
    }
  }
}

/** The names of the editors of a record other than `selfId`, each once, in the order given ('' for a nameless one). */
export function otherEditors(editors: PresenceEditor[], selfId: string | undefined): string[] {
  const seen = new Set<string>()
  const names: string[] = []
  for (const editor of editors) {
    if (editor.userId === selfId || seen.has(editor.userId)) continue
    seen.add(editor.userId)
    names.push(editor.name.trim())
  }
  return names
}

/**
 * Whether a change refreshes the contents lists: an event of a content (`content.*`). The stream
 * names no actor, so the member's own saves count too; they cost nothing more where no list shows
 * (an invalidated query is only refetched while a screen reads it).
 */
export function refreshesContents(message: ChangeMessage): boolean {
  return message.type.startsWith('content.')
}
