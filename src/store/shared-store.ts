import { EventEmitter } from 'node:events'
import type { Redis } from 'ioredis'

/**
 * What several Folio instances share: Redis when `REDIS_URL` is set, otherwise this process alone
 * (decisions.md "Runtime and configuration"). Holds the client for throttles and the channel that
 * tells every instance to drop a cached credential at once (logout, token deletion).
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
  prefix?: string
}): Promise<SharedStore> {
  const prefix = options.prefix ?? 'folio:'
  const local = new EventEmitter()
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
