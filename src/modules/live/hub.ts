import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { EventBus, HeardEvent } from '../../events/bus.js'
import { eventById, eventsAfter, latestEventId, type ReplayWindow } from '../../events/replay.js'
import type { Permission } from '../../permissions.js'
import { publicChangeOf, sseMessage, viewPermissionOf } from './messages.js'

/**
 * Where a stream's text goes: the HTTP response (Node's `ServerResponse` is one). The hub never
 * waits on it: a client that does not read is ended once `writableLength` passes the hub's bound.
 */
export interface StreamSink {
  write(chunk: string): boolean
  end(): void
  readonly writableLength: number
}

/** Who listens: a site (public changes) or a member (the events its permissions let it view, and presence). */
export type Listener = { kind: 'public' } | { kind: 'member'; permissions: ReadonlySet<Permission> }

export interface HubOptions {
  bus: Pick<EventBus, 'onEvent' | 'onResync'>
  db: Db
  /** Interval of the heartbeat comment (ms). */
  heartbeatMs: number
  /** Reconnection delay the client is told (`retry:`, ms). */
  retryMs: number
  /** Open streams per tenant on this instance; one more is 429. */
  perTenant: number
  /** Open streams per client network (IPv4 address, IPv6 /64) on this instance; one more is 429. */
  perNetwork: number
  window: ReplayWindow
  onError(err: unknown): void
}

/** Bytes a client may leave unread before its stream is ended (it reconnects and resumes). */
const MAX_UNREAD_BYTES = 512 * 1024
/** A comment line: keeps proxies and the browser from timing the stream out. */
const HEARTBEAT = ':\n\n'
/** Tells the client to refetch everything: what it missed cannot be replayed. */
const RESET = 'event: reset\ndata: {}\n\n'
/** Event types after which a tenant's member streams end, so they reconnect with current permissions. */
const ACCESS_EVENTS = ['member.', 'role.', 'api-token.']

interface Stream {
  readonly tenantId: string
  readonly network: string
  readonly listener: Listener
  sink: StreamSink | undefined
  /** While the stream replays from the outbox, the live events it hears wait here. */
  pending: HeardEvent[] | undefined
  closed: boolean
}

/** A stream admitted under the caps, before its response starts. */
export interface StreamSlot {
  /**
   * Starts the stream on `sink`: `retry:`, then what follows `lastEventId` from the outbox (or
   * `event: reset` when it is outside the window), else the id of the tenant's newest event (so a
   * reconnection resumes from there), then live messages.
   */
  start(sink: StreamSink, lastEventId: string | undefined): Promise<void>
  /** Ends the stream and frees its place (the client went away). Idempotent. */
  close(): void
}

/**
 * The change streams of this instance (docs/decisions/live.md): every open stream by tenant, fed by
 * the event bus (this instance's commits at once, the others' through the broadcast), each event
 * turned into its message once per kind of listener and written to every stream of its tenant. One
 * timer sends every stream's heartbeat. Caps count this instance's streams.
 */
export function createHub(options: HubOptions) {
  const byTenant = new Map<string, Set<Stream>>()
  const byNetwork = new Map<string, number>()
  let closing = false
  // Started with the first stream: a process that serves none (the command-line tools) runs no timer.
  let heartbeat: NodeJS.Timeout | undefined

  function write(stream: Stream, text: string) {
    const sink = stream.sink
    if (sink === undefined || stream.closed) return
    sink.write(text)
    if (sink.writableLength > MAX_UNREAD_BYTES) end(stream)
  }

  function end(stream: Stream) {
    if (stream.closed) return
    stream.closed = true
    const streams = byTenant.get(stream.tenantId)
    streams?.delete(stream)
    if (streams?.size === 0) byTenant.delete(stream.tenantId)
    const count = (byNetwork.get(stream.network) ?? 1) - 1
    if (count === 0) byNetwork.delete(stream.network)
    else byNetwork.set(stream.network, count)
    try {
      stream.sink?.end()
    } catch (err) {
      options.onError(err)
    }
  }

  /** The message of `event` for `listener`, or undefined when it may not hear it. */
  function messageFor(listener: Listener, event: HeardEvent): string | undefined {
    if (listener.kind === 'public') {
      const change = publicChangeOf(event)
      return change === undefined ? undefined : sseMessage('change', change, event.id)
    }
    const permission = viewPermissionOf(event.type)
    if (permission === undefined || !listener.permissions.has(permission)) return undefined
    return sseMessage(
      'change',
      { type: event.type, subjectId: event.subjectId, payload: event.payload },
      event.id,
    )
  }

  /**
   * Writes `event`'s message to `stream` (built once per kind of listener and permission set,
   * through `texts`), and ends a member stream on a change of access.
   */
  function send(
    stream: Stream,
    event: HeardEvent,
    texts: Map<Listener['kind'] | ReadonlySet<Permission>, string | undefined>,
  ) {
    const key = stream.listener.kind === 'public' ? 'public' : stream.listener.permissions
    if (!texts.has(key)) texts.set(key, messageFor(stream.listener, event))
    const text = texts.get(key)
    if (text !== undefined) write(stream, text)
    if (stream.listener.kind === 'member' && ACCESS_EVENTS.some((prefix) => event.type.startsWith(prefix))) {
      end(stream)
    }
  }

  function deliver(event: HeardEvent) {
    const streams = event.tenantId === null ? undefined : byTenant.get(event.tenantId)
    if (streams === undefined) return
    // One member's streams share its role's permission set: one text per set.
    const texts = new Map<Listener['kind'] | ReadonlySet<Permission>, string | undefined>()
    for (const stream of [...streams]) {
      if (stream.pending !== undefined) stream.pending.push(event)
      else send(stream, event, texts)
    }
  }

  function hear(event: HeardEvent) {
    if (event.tenantId === null || !byTenant.has(event.tenantId)) return
    if (event.payload !== null) return deliver(event)
    // Its payload did not fit the broadcast: the outbox has it.
    eventById(options.db, event.tenantId, event.id).then(
      (found) => found !== undefined && deliver(found),
      options.onError,
    )
  }

  options.bus.onEvent(hear)
  // This instance may have missed other instances' events: every client refetches.
  options.bus.onResync(() => {
    for (const streams of byTenant.values()) for (const stream of streams) write(stream, RESET)
  })

  return {
    /**
     * Admits a stream of `tenantId` from `network` for `listener` under the caps.
     * @throws RateLimitExceeded (429) past the tenant's or the network's cap on this instance;
     *   ServiceUnavailable (503) while the instance shuts down.
     */
    admit(tenantId: string, network: string, listener: Listener): StreamSlot {
      if (closing) throw new AppError('ServiceUnavailable', 'live.closing')
      const streams = byTenant.get(tenantId)
      if ((streams?.size ?? 0) >= options.perTenant) {
        throw new AppError('RateLimitExceeded', 'live.tooManyTenantStreams', undefined, {
          'retry-after': '30',
        })
      }
      if ((byNetwork.get(network) ?? 0) >= options.perNetwork) {
        throw new AppError('RateLimitExceeded', 'live.tooManyNetworkStreams', undefined, {
          'retry-after': '30',
        })
      }
      heartbeat ??= setInterval(() => {
        for (const streams of byTenant.values()) for (const stream of streams) write(stream, HEARTBEAT)
      }, options.heartbeatMs).unref()
      const stream: Stream = { tenantId, network, listener, sink: undefined, pending: [], closed: false }
      if (streams === undefined) byTenant.set(tenantId, new Set([stream]))
      else streams.add(stream)
      byNetwork.set(network, (byNetwork.get(network) ?? 0) + 1)
      return {
        async start(sink, lastEventId) {
          stream.sink = sink
          write(stream, `retry: ${options.retryMs}\n\n`)
          const sent = new Set<string>()
          try {
            if (lastEventId === undefined) {
              const newest = await latestEventId(options.db, tenantId)
              if (newest !== undefined) write(stream, `id: ${newest}\n\n`)
            } else {
              const replay = await eventsAfter(options.db, tenantId, lastEventId, options.window)
              if (replay.reset) {
                const newest = await latestEventId(options.db, tenantId)
                write(stream, newest === undefined ? RESET : `id: ${newest}\n${RESET}`)
              } else {
                for (const event of replay.events) {
                  sent.add(event.id)
                  const text = messageFor(listener, event)
                  if (text !== undefined) write(stream, text)
                }
              }
            }
          } finally {
            const waiting = stream.pending ?? []
            stream.pending = undefined
            for (const event of waiting) if (!sent.has(event.id)) send(stream, event, new Map())
          }
        },
        close: () => end(stream),
      }
    },

    /**
     * Sends `data` as an `event: <name>` message to the tenant's member streams whose permissions
     * include `permission` (presence: `content:view`).
     */
    toMembers(tenantId: string, permission: Permission, name: string, data: unknown) {
      const streams = byTenant.get(tenantId)
      if (streams === undefined) return
      const text = sseMessage(name, data)
      for (const stream of streams) {
        if (stream.listener.kind === 'member' && stream.listener.permissions.has(permission))
          write(stream, text)
      }
    },

    /** Open streams on this instance (public and member). */
    size(): number {
      let count = 0
      for (const streams of byTenant.values()) count += streams.size
      return count
    },

    /** Ends every stream and refuses new ones: the server can then close (graceful shutdown). */
    close() {
      closing = true
      clearInterval(heartbeat)
      for (const streams of [...byTenant.values()]) for (const stream of [...streams]) end(stream)
    },
  }
}

export type Hub = ReturnType<typeof createHub>
