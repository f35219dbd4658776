import { createHash } from 'node:crypto'
import { EventEmitter } from 'node:events'
import type { Redis } from 'ioredis'

/**
 * What several Folio instances share: Redis when `REDIS_URL` is set; else, on PostgreSQL, the
 * database's LISTEN/NOTIFY for invalidations; otherwise this process alone
 * (docs/decisions/configuration.md "Shared state between instances"). Holds the client for
 * throttles and the channel that tells every instance to drop a cached credential at once (logout,
 * token deletion).
 */
export interface SharedStore {
  /** The Redis client, or undefined for the in-process store. */
  redis: Redis | undefined
  /** Prefix for every key this instance writes, so instances of one deployment agree and tests do not. */
  prefix: string
  /** Broadcasts `key` to every instance's `onInvalidate` listeners (this instance included). */
  invalidate(key: string): Promise<void>
  onInvalidate(listener: (key: string) => void): void
  close(): Promise<void>
}

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
      async close() {},
    }
  }
  // Loaded only when configured: a process without Redis does not carry the client (memory, startup).
  const { Redis } = await import('ioredis')
  const redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 })
  const subscriber = redis.duplicate()
  await Promise.all([redis.connect(), subscriber.connect()])
  const channel = `${prefix}invalidate`
  await subscriber.subscribe(channel)
  subscriber.on('message', (_channel: string, key: string) => local.emit('invalidate', key))
  return {
    redis,
    prefix,
    async invalidate(key) {
      // Drop it here first: the published message comes back asynchronously.
      local.emit('invalidate', key)
      await redis.publish(channel, key)
    },
    onInvalidate: (listener) => local.on('invalidate', listener),
    async close() {
      await Promise.allSettled([subscriber.quit(), redis.quit()])
    },
  }
}

/** How long a lost LISTEN connection waits before it connects again (doubling to a minute). */
const RECONNECT_MS = 500

/**
 * The store of instances that share a PostgreSQL and no Redis: no Redis client (throttles and
 * counters stay per instance), invalidations over LISTEN/NOTIFY on one dedicated connection. The
 * channel is named from `prefix`, so deployments (and test apps) sharing a server stay apart. A lost
 * connection reconnects with backoff; meanwhile each cache's own expiry bounds what is missed.
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
  let delay = RECONNECT_MS

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url })
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) local.emit('invalidate', message.payload)
    })
    next.on('error', (err) => {
      onError?.(err)
      if (client === next) lostConnection()
    })
    await next.connect()
    await next.query(`LISTEN ${channel}`)
    client = next
    delay = RECONNECT_MS
  }

  function lostConnection() {
    client = undefined
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
      await client?.query('select pg_notify($1, $2)', [channel, key])
    },
    onInvalidate: (listener) => local.on('invalidate', listener),
    async close() {
      closed = true
      await client?.end().catch(() => undefined)
    },
  }
}
