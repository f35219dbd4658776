import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import { LRUCache } from 'lru-cache'
import type { CacheBus, EventBus, EventNotice } from '../events/bus.js'
import { createGenerations } from '../lib/generations.js'
import { entriesBound } from '../lib/lru.js'
import { isRedisUnavailable, type SharedStore } from './shared-store.js'

/** A public answer as the delivery cache keeps it: what `http/delivery-cache.ts` replays. */
export interface CachedAnswer {
  status: number
  contentType: string
  /** The serialized body. */
  body: string
  /**
   * Its strong ETag (`http/http-cache.ts` `strongEtag`), so a hit is not hashed again; absent in
   * POST query answers (which carry none) and in answers an older Folio kept in Redis.
   */
  etag?: string | undefined
  /** The surrogate keys the handler named (`surrogateKeys`), null when none. */
  keys: string[] | null
}

/** Hits and misses of one tenant's public reads on this instance, since it started. */
export interface DeliveryCacheStats {
  hits: number
  misses: number
  /** hits / (hits + misses), 0 before any read. */
  hitRate: number
}

/** Where a request's answer lives under the current generations; `answer` when it is cached. */
export interface CacheLookup {
  slot: string
  answer: CachedAnswer | undefined
}

/**
 * The delivery cache of public answers (docs/decisions/delivery.md "The delivery cache"): entries
 * are keyed by the normalized request and by the generations of the records the answer depends on,
 * which every committed event of the tenant moves on. No entry is ever dropped for being old: a
 * write makes the entries it could change unreachable, and the byte bound (LRU) or, in Redis, a
 * memory backstop TTL removes them.
 */
export interface DeliveryCache {
  /** false when `DELIVERY_CACHE_MAX_BYTES` is 0: nothing is looked up, counted or kept. */
  readonly enabled: boolean
  /** true when the answers live in Redis, shared by the instances. */
  readonly shared: boolean
  /**
   * The slot of `requestKey` (which starts with the tenant id) under the current generations of
   * `dependsOn` (event resources, `settings` and `tenant` always added; null: every event of the
   * tenant), and its answer when cached. Counts a hit or a miss for the tenant. undefined when the
   * shared store cannot be read (the request is served uncached).
   */
  lookup(
    tenantId: string,
    dependsOn: readonly string[] | null,
    requestKey: string,
  ): Promise<CacheLookup | undefined>
  /** Keeps `answer` at `slot` (a slot whose generations moved on meanwhile is never read). */
  keep(slot: string, answer: CachedAnswer): Promise<void>
  /** This instance's counts for the tenant. */
  stats(tenantId: string): DeliveryCacheStats
}

/**
 * Account events (no tenant) that change public answers of every tenant: a user's display name is
 * shown as a content's author. The other account events (sign-ins, passwords) change none.
 */
const GLOBAL_EVENT_PREFIXES = ['user.profile-updated', 'feature-flag.']
/** The resources every answer depends on: the tenant's settings and state. */
const ALWAYS = ['settings', 'tenant']
/** The generation every event of a tenant moves on (answers of routes that declare nothing). */
const ANY = '*'
/** (tenant, resource) generations kept in process at most (docs/decisions/configuration.md "What grows with tenants and clients is bounded"). */
const GENERATIONS_MAX = 50_000
/** How long Redis keeps an entry (s): a memory backstop only, correctness never depends on it. */
export const REDIS_ENTRY_TTL_SECONDS = 3600
/** The largest answer kept in Redis (bytes of its JSON); larger ones are served uncached. */
export const REDIS_ENTRY_MAX_BYTES = 1024 * 1024
/** How soon an epoch increment Redis refused is tried again (ms); reads bypass the cache meanwhile. */
const DEBT_RETRY_MS = 1000

/**
 * The resource of an event type: all but its last segment (`collection-entry.updated` →
 * `collection-entry`, `form.response.created` → `form.response`).
 */
export function resourceOf(type: string): string {
  const dot = type.lastIndexOf('.')
  return dot === -1 ? type : type.slice(0, dot)
}

/** The generations an answer depending on `dependsOn` is keyed by, in a stable order. */
export function generationNames(dependsOn: readonly string[] | null): string[] {
  return dependsOn === null ? [ANY] : [...new Set([...dependsOn, ...ALWAYS])].sort()
}

/** The (tenant, generation) pairs a notice moves on; `tenantId` null: the global epoch. */
function bumpsOf(notice: EventNotice): { tenantId: string | null; name: string }[] {
  if (notice.tenantId === null) {
    return GLOBAL_EVENT_PREFIXES.some((prefix) => notice.type.startsWith(prefix))
      ? [{ tenantId: null, name: ANY }]
      : []
  }
  return [
    { tenantId: notice.tenantId, name: ANY },
    { tenantId: notice.tenantId, name: resourceOf(notice.type) },
  ]
}

function createCounter() {
  // The tenants read lately: counts of a tenant not read for a long while may go.
  const counts = new LRUCache<string, { hits: number; misses: number }>(entriesBound(10_000))
  return {
    count(tenantId: string, hit: boolean) {
      let entry = counts.get(tenantId)
      if (entry === undefined) {
        entry = { hits: 0, misses: 0 }
        counts.set(tenantId, entry)
      }
      if (hit) entry.hits += 1
      else entry.misses += 1
    },
    stats(tenantId: string): DeliveryCacheStats {
      const { hits, misses } = counts.get(tenantId) ?? { hits: 0, misses: 0 }
      return { hits, misses, hitRate: hits + misses === 0 ? 0 : hits / (hits + misses) }
    },
  }
}

/** An upper bound of an answer's memory (bytes): strings count two bytes a character. */
function sizeOf(slot: string, answer: CachedAnswer): number {
  const keys = answer.keys?.reduce((sum, key) => sum + key.length + 16, 0) ?? 0
  return 2 * (slot.length + answer.body.length + answer.contentType.length) + keys + 64
}

/**
 * Builds the delivery cache: in Redis when the store has a client (shared by the instances), else
 * in this process (`maxBytes` of answers, least recently used dropped first). `maxBytes` 0 disables it.
 */
export function createDeliveryCache(options: {
  bus: Pick<EventBus, 'on' | 'onResync' | 'afterCommit'>
  store: Pick<SharedStore, 'redis' | 'prefix' | 'available' | 'onAvailabilityChange'>
  maxBytes: number
  onError?: (err: unknown) => void
}): DeliveryCache {
  const counter = createCounter()
  if (options.maxBytes === 0) {
    return {
      enabled: false,
      shared: false,
      lookup: async () => undefined,
      keep: async () => {},
      stats: counter.stats,
    }
  }
  return options.store.redis === undefined
    ? createLocalCache(options.bus, options.maxBytes, counter)
    : createRedisCache(
        options.bus,
        options.store,
        options.store.redis,
        options.store.prefix,
        counter,
        options.onError,
      )
}

/**
 * In-process: generations in memory, moved on by this instance's commits at once (the bus sink)
 * and by other instances' through the broadcast (LISTEN/NOTIFY or Redis pub/sub), so across
 * instances without Redis a read may be stale until the broadcast arrives.
 */
function createLocalCache(
  bus: CacheBus,
  maxBytes: number,
  counter: ReturnType<typeof createCounter>,
): DeliveryCache {
  const answers = new LRUCache<string, CachedAnswer>({
    maxSize: maxBytes,
    sizeCalculation: (answer, slot) => sizeOf(slot, answer),
  })
  // Bounded (lib/generations.ts): a tenant's resources beyond the bound read the highest generation
  // evicted, so an answer kept under an older one is never reached again.
  const generations = createGenerations(GENERATIONS_MAX)
  let epoch = 0
  bus.on('', (notice) => {
    for (const { tenantId, name } of bumpsOf(notice)) {
      if (tenantId === null) epoch += 1
      else generations.bump(`${tenantId}/${name}`)
    }
  })
  // Other instances' events may have been missed: nothing kept before is trusted.
  bus.onResync(() => {
    epoch += 1
  })
  return {
    enabled: true,
    shared: false,
    async lookup(tenantId, dependsOn, requestKey) {
      const gens = generationNames(dependsOn).map((name) => generations.get(`${tenantId}/${name}`))
      const slot = `${epoch}.${gens.join('.')}\n${requestKey}`
      const answer = answers.get(slot)
      counter.count(tenantId, answer !== undefined)
      return { slot, answer }
    },
    async keep(slot, answer) {
      answers.set(slot, answer)
    },
    stats: counter.stats,
  }
}

/**
 * Reads the generations and the entry in one round trip: the entry's key is the request's hash
 * followed by the generations read.
 */
const LOOKUP_SCRIPT = `
local values = redis.call('MGET', unpack(KEYS))
local parts = {}
for i = 1, #KEYS do parts[i] = values[i] or '0' end
local slot = ARGV[1] .. ':' .. table.concat(parts, '.')
return {slot, redis.call('GET', slot)}
`

interface LookupCommand {
  folioDeliveryLookup(...args: (string | number)[]): Promise<[string, string | null]>
}

/**
 * In Redis: the generations are Redis counters that the writing instance increments after its
 * commit and before its write returns (`bus.afterCommit`), so a read on any instance after the
 * write's answer reads the new generation. Entries are JSON under their slot with a TTL
 * (`REDIS_ENTRY_TTL_SECONDS`), at most `REDIS_ENTRY_MAX_BYTES` each. Generation keys carry no TTL:
 * one that expired would restart at 0 and reach entries of an earlier generation 0.
 *
 * A generation that could not be moved on (Redis unreachable, or the increment failed) is a debt
 * (docs/decisions/delivery.md "The delivery cache"): while this instance owes one, or Redis cannot be
 * reached, it neither reads nor keeps entries (requests are served uncached), and it pays by moving
 * the global epoch on, which every entry's slot includes, as soon as Redis answers. An outage is a
 * debt too, since other instances' writes may have missed their increments meanwhile: nothing kept
 * before it is read after it.
 */
function createRedisCache(
  bus: Pick<EventBus, 'afterCommit'>,
  store: Pick<SharedStore, 'available' | 'onAvailabilityChange'>,
  redis: Redis,
  prefix: string,
  counter: ReturnType<typeof createCounter>,
  onError: ((err: unknown) => void) | undefined,
): DeliveryCache {
  const commands = redis as unknown as Partial<LookupCommand>
  if (commands.folioDeliveryLookup === undefined) {
    redis.defineCommand('folioDeliveryLookup', { lua: LOOKUP_SCRIPT })
  }
  const lookupCommand = redis as unknown as LookupCommand
  const generationKey = (tenantId: string | null, name: string) =>
    tenantId === null ? `${prefix}dcache:g` : `${prefix}dcache:g:${tenantId}:${name}`
  const epochKey = generationKey(null, ANY)

  /** Moves on generations not yet moved on: each failed increment and each outage adds one. */
  let owed = store.available() ? 0 : 1
  let paying: Promise<void> | undefined
  let retrying = false
  const usable = () => owed === 0 && store.available()

  /** Moves the epoch on for every debt counted so far; one that arrives meanwhile waits for the next. */
  function pay(): Promise<void> {
    if (paying !== undefined || owed === 0 || !store.available()) return paying ?? Promise.resolve()
    const covered = owed
    paying = redis.incr(epochKey).then(
      () => {
        paying = undefined
        owed -= covered
        // Debts that arrived while the increment was under way need one of their own.
        if (owed > 0) void pay()
      },
      (err: unknown) => {
        paying = undefined
        if (!isRedisUnavailable(err)) onError?.(err)
        payLater()
      },
    )
    return paying
  }

  /**
   * Pays in a moment: after a refusal (out of memory, say) or a timeout on a connection that still
   * looks up. A connection that went down pays when it is back (`onAvailabilityChange`).
   */
  function payLater(): void {
    if (retrying) return
    retrying = true
    setTimeout(() => {
      retrying = false
      void pay()
    }, DEBT_RETRY_MS).unref()
  }

  store.onAvailabilityChange((available) => {
    if (available) void pay()
    else owed += 1
  })

  bus.afterCommit(async (notices) => {
    const keys = new Set(notices.flatMap(bumpsOf).map(({ tenantId, name }) => generationKey(tenantId, name)))
    if (keys.size === 0) return
    if (!store.available()) {
      owed += 1
      return
    }
    const pipeline = redis.pipeline()
    for (const key of keys) pipeline.incr(key)
    const results = await pipeline.exec().catch((err: unknown) => [[err, null] as [unknown, unknown]])
    const failed = results?.find(([err]) => err !== null)
    if (failed === undefined) return
    owed += 1
    // Unreachable: no write waits for it twice; the epoch moves on as soon as it answers.
    if (isRedisUnavailable(failed[0])) return payLater()
    await pay()
    throw failed[0]
  })

  return {
    enabled: true,
    shared: true,
    async lookup(tenantId, dependsOn, requestKey) {
      if (!usable()) return undefined
      const keys = [epochKey, ...generationNames(dependsOn).map((name) => generationKey(tenantId, name))]
      const hash = createHash('sha256').update(requestKey).digest('base64url')
      try {
        const [slot, value] = await lookupCommand.folioDeliveryLookup(
          keys.length,
          ...keys,
          `${prefix}dcache:v:${hash}`,
        )
        const answer = value === null ? undefined : (JSON.parse(value) as CachedAnswer)
        counter.count(tenantId, answer !== undefined)
        return { slot, answer }
      } catch (err) {
        if (!isRedisUnavailable(err)) onError?.(err)
        return undefined
      }
    },
    async keep(slot, answer) {
      if (!usable()) return
      const value = JSON.stringify(answer)
      if (Buffer.byteLength(value) > REDIS_ENTRY_MAX_BYTES) return
      await redis.set(slot, value, 'EX', REDIS_ENTRY_TTL_SECONDS).catch((err: unknown) => {
        if (!isRedisUnavailable(err)) onError?.(err)
      })
    },
    stats: counter.stats,
  }
}
