import { createHash } from 'node:crypto'
import { EventEmitter } from 'node:events'
import type { Redis } from 'ioredis'

/**
 * What several Folio instances share: Redis when `REDIS_URL` is set; else, on PostgreSQL, the
 * database's LISTEN/NOTIFY for invalidations; otherwise this process alone
 * (docs/decisions/configuration.md "Shared state between instances"). Holds the client for
 * throttles and the channel that tells every instance to drop a cached credential at once (logout,
 * token deletion).
 *
 * Folio serves without Redis (docs/decisions/configuration.md "Redis outages"): while it cannot be
 * reached, `available()` is false, every command fails at once instead of waiting for a
 * reconnection, and the code that uses Redis counts on this instance or bypasses it.
 */
export interface SharedStore {
  /** The Redis client, or undefined for the in-process store. */
  redis: Redis | undefined
  /** Prefix for every key this instance writes, so instances of one deployment agree and tests do not. */
  prefix: string
  /** Broadcasts `key` to every instance's `onInvalidate` listeners (this instance included). */
  invalidate(key: string): Promise<void>
  onInvalidate(listener: (key: string) => void): void
  /** false while Redis is configured and cannot be reached (both connections ready); true otherwise. */
  available(): boolean
  /**
   * Calls `listener` on every change of `available()`, with the connection error that took Redis
   * away when there was one (at most one call per change, never one per reconnection attempt).
   */
  onAvailabilityChange(listener: (available: boolean, cause: unknown) => void): void
  /**
   * Calls `listener` when the subscription to invalidations came back after it was lost: what was
   * broadcast meanwhile did not reach this instance, so its caches must start afresh
   * (docs/decisions/jobs-and-events.md "Instances hear each other's events").
   */
  onResync(listener: () => void): void
  close(): Promise<void>
}

/** A command Redis has not answered after this long fails (ms): no request waits longer for it. */
const REDIS_COMMAND_TIMEOUT_MS = 500
/** How often each connection is pinged while ready (ms); one unanswered ping drops it (see `watch`). */
const REDIS_HEARTBEAT_MS = 1000
/** How long a start waits for Redis before it serves without it (ms). */
const REDIS_START_WAIT_MS = 2000

export async function createSharedStore(options: {
  redisUrl?: string | undefined
  /**
   * Without Redis, the PostgreSQL the instances share (`postgres://…`): invalidations then travel by
   * LISTEN/NOTIFY, so a logout, a deleted API token or a deleted tenant stops on every instance at
   * once. Ignored with Redis, and with the embedded database (one process).
   */
  postgresUrl?: string | undefined
  prefix?: string
  onError?: (err: unknown) => void
}): Promise<SharedStore> {
  const prefix = options.prefix ?? 'folio:'
  const local = new EventEmitter()
  if (options.redisUrl === undefined && options.postgresUrl?.startsWith('postgres')) {
    return createPostgresNotifyStore(options.postgresUrl, prefix, local, options.onError)
  }
  if (options.redisUrl === undefined) {
    return {
      redis: undefined,
      prefix,
      async invalidate(key) {
        local.emit('invalidate', key)
      },
      onInvalidate: (listener) => local.on('invalidate', listener),
      available: () => true,
      onAvailabilityChange() {},
      onResync() {},
      async close() {},
    }
  }
  return createRedisStore(options.redisUrl, prefix, local)
}

/**
 * The Redis store. Both connections (commands, and the subscriber of invalidations) are built so
 * that Redis being away never slows a request (docs/decisions/configuration.md "Redis outages"):
 * - no offline queue and no retries per request: a command sent while a connection is down fails
 *   at once, and a command in flight when it drops fails with it (ioredis would otherwise hold both
 *   until it reconnects or its retry budget runs out);
 * - a command unanswered after `REDIS_COMMAND_TIMEOUT_MS` fails, and a heartbeat drops a connection
 *   whose ping goes unanswered (a server that hangs, or a network that drops packets, looks
 *   connected), so the commands after it fail at once while ioredis reconnects;
 * - connection errors are heard (ioredis prints every unheard one) and reported as one change of
 *   `available()`;
 * - the subscriber subscribes again on every connection, also when the first one came late.
 * A start waits up to `REDIS_START_WAIT_MS` for Redis, then serves without it and keeps trying.
 */
async function createRedisStore(url: string, prefix: string, local: EventEmitter): Promise<SharedStore> {
  // Loaded only when configured: a process without Redis does not carry the client (memory, startup).
  const { Redis } = await import('ioredis')
  const clientOptions = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    autoResubscribe: false,
  }
  const redis = new Redis(url, clientOptions)
  const subscriber = new Redis(url, clientOptions)
  const channel = `${prefix}invalidate`
  const listeners: ((available: boolean, cause: unknown) => void)[] = []
  let available = false
  let cause: unknown
  let closed = false

  const update = () => {
    if (closed) return
    const now = redis.status === 'ready' && subscriber.status === 'ready'
    if (now === available) return
    available = now
    const reason = now ? undefined : cause
    cause = undefined
    for (const listener of [...listeners]) listener(now, reason)
  }
  for (const client of [redis, subscriber]) {
    client.on('error', (err: unknown) => {
      cause ??= err
    })
    for (const status of ['ready', 'close', 'end', 'reconnecting']) client.on(status, update)
  }
  let subscribed = false
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        // Every subscription after the first follows a lost one: messages of the gap are gone.
        if (subscribed) local.emit('resync')
        subscribed = true
      },
      () => subscriber.disconnect(true),
    )
  })
  subscriber.on('message', (_channel: string, key: string) => local.emit('invalidate', key))
  const heartbeat = setInterval(() => {
    for (const client of [redis, subscriber]) watch(client)
  }, REDIS_HEARTBEAT_MS)
  heartbeat.unref()

  await new Promise<void>((resolve) => {
    const settle = () => {
      if (redis.status !== 'ready' || subscriber.status !== 'ready') return
      clearTimeout(timer)
      listeners.splice(listeners.indexOf(settle), 1)
      resolve()
    }
    const timer = setTimeout(() => {
      listeners.splice(listeners.indexOf(settle), 1)
      resolve()
    }, REDIS_START_WAIT_MS)
    listeners.push(settle)
  })
  update()

  return {
    redis,
    prefix,
    async invalidate(key) {
      // Drop it here first: the published message comes back asynchronously.
      local.emit('invalidate', key)
      await redis.publish(channel, key)
    },
    onInvalidate: (listener) => local.on('invalidate', listener),
    available: () => available,
    onAvailabilityChange: (listener) => void listeners.push(listener),
    onResync: (listener) => void local.on('resync', listener),
    async close() {
      closed = true
      clearInterval(heartbeat)
      await Promise.allSettled(
        [subscriber, redis].map((client) =>
          client.status === 'ready' ? client.quit() : Promise.resolve(client.disconnect()),
        ),
      )
    },
  }
}

/**
 * Pings a ready connection; one that does not answer within the command timeout is dropped and
 * reconnects (ioredis' own retry), so that it stops taking commands that would each wait it out.
 */
function watch(client: Redis): void {
  if (client.status !== 'ready') return
  client.ping().catch((err: unknown) => {
    if (client.status === 'ready' && err instanceof Error && err.message === 'Command timed out') {
      client.disconnect(true)
    }
  })
}

/**
 * Whether `err` is what a Redis command answers while Redis cannot be reached (the connection is
 * down or dropped, or the command timed out), as opposed to a command Redis refused.
 */
export function isRedisUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false
  const code = (err as NodeJS.ErrnoException).code
  if (code !== undefined && NETWORK_CODES.has(code)) return true
  return REDIS_UNAVAILABLE_MESSAGES.some((message) => err.message.startsWith(message))
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
])
/** ioredis' messages for a command that could not reach Redis (no other error class tells them apart). */
const REDIS_UNAVAILABLE_MESSAGES = [
  "Stream isn't writeable",
  'Connection is closed',
  'Command timed out',
  'Reached the max retries per request limit',
  'Command aborted due to connection close',
]

/** How long a lost LISTEN connection waits before it connects again (doubling to a minute). */
const RECONNECT_MS = 500

/**
 * The store of instances that share a PostgreSQL and no Redis: no Redis client (throttles and
 * counters stay per instance), invalidations over LISTEN/NOTIFY on one dedicated connection. The
 * channel is named from `prefix`, so deployments (and test apps) sharing a server stay apart. A lost
 * connection reconnects with backoff, and then tells the caches to start afresh (`onResync`).
 */
async function createPostgresNotifyStore(
  url: string,
  prefix: string,
  local: EventEmitter,
  onError: ((err: unknown) => void) | undefined,
): Promise<SharedStore> {
  const { default: pg } = await import('pg')
  const channel = `folio_${createHash('sha256').update(prefix).digest('hex').slice(0, 24)}`
  let client: InstanceType<typeof pg.Client> | undefined
  let closed = false
  let lost = false
  let delay = RECONNECT_MS

  async function connect(): Promise<void> {
    // Bounded, so that a server that accepts no connection (or hangs) is retried, not waited for.
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true })
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) local.emit('invalidate', message.payload)
    })
    next.on('error', (err) => {
      onError?.(err)
      if (client === next) lostConnection()
    })
    await next.connect()
    await next.query(`LISTEN ${channel}`)
    const again = lost
    client = next
    lost = false
    delay = RECONNECT_MS
    if (again) local.emit('resync')
  }

  function lostConnection() {
    client = undefined
    lost = true
    if (closed) return
    setTimeout(() => {
      if (closed) return
      connect().catch((err) => {
        onError?.(err)
        lostConnection()
      })
    }, delay).unref()
    delay = Math.min(delay * 2, 60_000)
  }

  await connect()
  return {
    redis: undefined,
    prefix,
    async invalidate(key) {
      // Drop it here first: the notification comes back asynchronously (and not while reconnecting).
      local.emit('invalidate', key)
      // Without the connection the broadcast has not gone out: failing lets the relay send it again.
      if (client === undefined) throw new Error('The LISTEN/NOTIFY connection is being restored.')
      await client.query('select pg_notify($1, $2)', [channel, key])
    },
    onInvalidate: (listener) => local.on('invalidate', listener),
    // Its connection's state is the database's: /ready reports that.
    available: () => true,
    onAvailabilityChange() {},
    onResync: (listener) => void local.on('resync', listener),
    async close() {
      closed = true
      await client?.end().catch(() => undefined)
    },
  }
}
