import type { Redis } from 'ioredis'
import { isRedisUnavailable } from '../../store/shared-store.js'
import { type Budget, hourOf, type QuotaPeriod, quotaPeriod, type Reservation } from './periods.js'
import type { HourCount, UsageRepository } from './repository.js'
import { COUNTER_TTL_SECONDS, type QuotaCommands, quotaCommands } from './shared-counter.js'

/** One tenant's count in one budget for the current period on this instance. */
interface TenantCount {
  tenantId: string
  budget: Budget
  period: QuotaPeriod
  /** Pending while the period's total is read from the database (first request of the tenant). */
  loading: Promise<void> | null
  /** The period's total in the database when last read. */
  stored: number
  /** Counted here and being written to the database now. */
  folding: number
  /** Counted here since, not yet written. */
  unfolded: number
  /** Counted here without touching the Redis counter (unlimited tenants, Redis errors); pushed at the next fold. */
  unsynced: number
  /** Taken from `unsynced` and being pushed to the Redis counter now. */
  pushing: number
  lastUsed: number
}

/** A tenant idle this long is dropped from memory (its counts are in the database by then). */
const IDLE_MS = 15 * 60_000

export interface MeterOptions {
  usage: UsageRepository
  /** The shared counter; undefined = this instance alone decides (one instance, or PGlite). */
  redis?: Redis | undefined
  /** Key prefix on the shared store. */
  prefix: string
  /** How often counts are folded into the database (ms). */
  foldIntervalMs?: number
  /** How often counts taken without the Redis counter are pushed to it (ms). */
  pushIntervalMs?: number
  onError?: (err: unknown) => void
  now?: () => number
}

/**
 * The request meter (docs/decisions/quotas.md, docs/architecture.md "Metering and quotas"). Each
 * tenant's budgets (`admin`, `public`) are counted, limited and stored apart, as if they were two
 * tenants: below, "a tenant's count" is the count of one budget of the tenant.
 * Counting never writes to the database on the request path: every instance counts in memory and
 * folds its hourly counts into `api_usage` every few seconds (additive upserts). The quota decision
 * is taken before the route runs and is exact under concurrency:
 * - without Redis, the instance's own count (the period's database total when the tenant was first
 *   seen or last folded, plus what it counted since) is checked and incremented synchronously, so
 *   of N parallel requests exactly `limit - usage` pass. Several instances on one PostgreSQL without
 *   Redis each see the others' counts only after those are folded: together they may overshoot by
 *   what the others counted in one fold interval;
 * - with Redis, a limited tenant's request runs one Lua script (check and INCR in one step) on the
 *   month's counter, so any number of instances together never pass the limit. Unlimited tenants
 *   cost no Redis call; their counts are pushed to the counter every `pushIntervalMs`, before they
 *   are folded into the database, so each count reaches the counter exactly once, also a count made
 *   before the tenant had a limit (docs/decisions/quotas.md).
 * Refused requests are not counted: usage never exceeds the limit, and a client retrying after a 429
 * does not dig the tenant deeper. While Redis cannot be reached the decision is the instance's own
 * count at once (no command is sent, nothing waits), and what it counted is pushed to the counter
 * when Redis is back (docs/decisions/quotas.md "When Redis is away"); a command Redis refuses falls
 * back the same way and is reported, at most once a minute.
 */
export function createMeter(options: MeterOptions) {
  const { usage, redis, prefix } = options
  const scripts = redis === undefined ? undefined : quotaCommands(redis)
  const now = options.now ?? Date.now
  const foldIntervalMs = options.foldIntervalMs ?? 5_000
  const pushIntervalMs = options.pushIntervalMs ?? 250
  /** Each budget's counts by tenant (a map per budget: no key to build on the hot path). */
  const counts: Record<Budget, Map<string, TenantCount>> = { admin: new Map(), public: new Map() }
  const allCounts = () => [...counts.admin.values(), ...counts.public.values()]
  /** Counts per tenant, budget and hour not yet folded, keyed `tenantId|budget|hour`. */
  let pending = new Map<string, HourCount>()
  let currentPeriod = quotaPeriod(now())
  let running: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  let pushTimer: NodeJS.Timeout | undefined
  let lastRedisError = 0

  const counterKey = (count: TenantCount) =>
    `${prefix}quota:${count.tenantId}:${count.budget}:${count.period.key}`
  const local = (count: TenantCount) => count.stored + count.folding + count.unfolded
  /**
   * What a missing Redis counter starts from: this instance's count without what it will still push
   * itself. Counts reach the database only after they reached the counter (see `fold`), so while
   * the counter is missing the database holds no count that another instance will push again.
   */
  const seedOf = (count: TenantCount) => local(count) - count.unsynced - count.pushing

  function periodAt(at: number): QuotaPeriod {
    if (at >= currentPeriod.resetAt.getTime() || at < currentPeriod.start.getTime()) {
      currentPeriod = quotaPeriod(at)
    }
    return currentPeriod
  }

  /** This instance's count for the tenant's budget in the current period, loading its stored total once. */
  function countOf(tenantId: string, budget: Budget, at: number): TenantCount {
    const period = periodAt(at)
    const budgetCounts = counts[budget]
    let count = budgetCounts.get(tenantId)
    if (count === undefined || count.period !== period) {
      const fresh: TenantCount = {
        tenantId,
        budget,
        period,
        loading: null,
        stored: 0,
        folding: 0,
        unfolded: 0,
        unsynced: 0,
        pushing: 0,
        lastUsed: at,
      }
      fresh.loading = usage.totalsSince([tenantId], period.start).then(
        (totals) => {
          fresh.stored = totals.get(tenantId)?.[budget] ?? 0
          fresh.loading = null
        },
        (err: unknown) => {
          // Forget it, so the next request tries again.
          if (budgetCounts.get(tenantId) === fresh) budgetCounts.delete(tenantId)
          throw err
        },
      )
      budgetCounts.set(tenantId, fresh)
      count = fresh
    }
    count.lastUsed = at
    return count
  }

  function record(count: TenantCount, at: number) {
    count.unfolded += 1
    const hour = hourOf(at)
    const key = `${count.tenantId}|${count.budget}|${hour}`
    const bucket = pending.get(key)
    if (bucket === undefined) {
      pending.set(key, { tenantId: count.tenantId, budget: count.budget, hour, requests: 1 })
    } else bucket.requests += 1
  }

  /** Whether the shared counter can be asked now: a connection that is down fails every command. */
  const sharedReady = () => redis?.status === 'ready'

  function redisFailed(err: unknown) {
    // An outage is reported once by the shared store, as a change of its availability.
    if (isRedisUnavailable(err)) return
    const at = now()
    if (at - lastRedisError < 60_000) return
    lastRedisError = at
    options.onError?.(err)
  }

  /** The decision of the shared counter, or null when Redis failed (the caller decides locally). */
  async function reserveShared(scripts: QuotaCommands, count: TenantCount, limit: number, at: number) {
    const unpushed = count.unsynced
    count.unsynced = 0
    count.pushing += unpushed
    try {
      const [allowed, used] = await scripts.folioQuotaReserve(
        counterKey(count),
        limit,
        seedOf(count),
        COUNTER_TTL_SECONDS,
        unpushed,
      )
      if (allowed === 1) record(count, at)
      const reservation: Reservation = {
        budget: count.budget,
        allowed: allowed === 1,
        usage: used,
        limit,
        period: count.period,
        reported: true,
      }
      return reservation
    } catch (err) {
      count.unsynced += unpushed
      redisFailed(err)
      return null
    } finally {
      count.pushing -= unpushed
    }
  }

  /**
   * The decision for one request on a loaded count: synchronous (no promise on the hot path)
   * unless the shared counter must be asked.
   */
  function decide(count: TenantCount, limit: number | null, at: number): Reservation | Promise<Reservation> {
    if (limit !== null && scripts !== undefined) {
      if (!sharedReady()) return decideLocally(count, limit, at, false)
      return reserveShared(scripts, count, limit, at).then(
        (shared) => shared ?? decideLocally(count, limit, at, false),
      )
    }
    return decideLocally(count, limit, at, true)
  }

  function decideLocally(
    count: TenantCount,
    limit: number | null,
    at: number,
    reported: boolean,
  ): Reservation {
    const used = local(count)
    if (limit !== null && used >= limit) {
      return { budget: count.budget, allowed: false, usage: used, limit, period: count.period, reported }
    }
    record(count, at)
    if (redis !== undefined) count.unsynced += 1
    return { budget: count.budget, allowed: true, usage: used + 1, limit, period: count.period, reported }
  }

  async function fold(): Promise<void> {
    // The counter first, the database second: a count the database holds is on the counter already.
    await syncShared()
    const batch = [...pending.values()]
    pending = new Map()
    const moving = allCounts().filter((count) => count.unfolded > 0)
    for (const count of moving) {
      count.folding += count.unfolded
      count.unfolded = 0
    }
    try {
      await usage.add(batch)
    } catch (err) {
      for (const bucket of batch) {
        const key = `${bucket.tenantId}|${bucket.budget}|${bucket.hour}`
        const later = pending.get(key)
        if (later === undefined) pending.set(key, bucket)
        else later.requests += bucket.requests
      }
      for (const count of moving) {
        count.unfolded += count.folding
        count.folding = 0
      }
      throw err
    }
    // The stored totals now hold what was folded (and other instances' folds): read them afresh.
    const current = moving.filter((count) => counts[count.budget].get(count.tenantId) === count)
    const totals = await usage
      .totalsSince([...new Set(current.map((count) => count.tenantId))], currentPeriod.start)
      .catch(() => undefined)
    for (const count of moving) {
      count.stored = totals?.get(count.tenantId)?.[count.budget] ?? count.stored + count.folding
      count.folding = 0
    }
    const idleSince = now() - IDLE_MS
    for (const budgetCounts of Object.values(counts)) {
      for (const [tenantId, count] of budgetCounts) {
        if (count.lastUsed < idleSince && count.unfolded === 0 && count.unsynced === 0) {
          budgetCounts.delete(tenantId)
        }
      }
    }
  }

  async function syncShared() {
    if (scripts === undefined || !sharedReady()) return
    for (const count of allCounts()) {
      if (count.unsynced === 0) continue
      const amount = count.unsynced
      count.unsynced = 0
      count.pushing += amount
      try {
        await scripts.folioQuotaSync(counterKey(count), amount, seedOf(count), COUNTER_TTL_SECONDS)
      } catch (err) {
        count.unsynced += amount
        redisFailed(err)
        return
      } finally {
        count.pushing -= amount
      }
    }
  }

  return {
    /**
     * Counts one request in the tenant's `budget` unless that would pass `limit` (null = unlimited). Called
     * before the route runs (reserve, then answer). Answers synchronously once the tenant's stored
     * total is loaded and no Redis call is needed (the common case), else with a promise.
     * @throws (rejects) when the tenant's stored total cannot be read (database down) on its first request.
     */
    reserve(tenantId: string, budget: Budget, limit: number | null): Reservation | Promise<Reservation> {
      const at = now()
      const count = countOf(tenantId, budget, at)
      if (count.loading !== null) return count.loading.then(() => decide(count, limit, at))
      return decide(count, limit, at)
    },

    /** Requests counted in the tenant's budget in the current period (the shared counter when there is one). */
    async usage(tenantId: string, budget: Budget): Promise<{ usage: number; period: QuotaPeriod }> {
      const count = countOf(tenantId, budget, now())
      if (count.loading !== null) await count.loading
      if (redis !== undefined && sharedReady()) {
        try {
          const shared = await redis.get(counterKey(count))
          if (shared !== null) return { usage: Number(shared) + count.unsynced, period: count.period }
        } catch (err) {
          redisFailed(err)
        }
      }
      return { usage: local(count), period: count.period }
    },

    /** Folds every count taken so far into the database (after any fold under way). */
    flush(): Promise<void> {
      running = running.catch(() => {}).then(fold)
      return running
    },

    start() {
      timer ??= setInterval(() => {
        this.flush().catch((err: unknown) => options.onError?.(err))
      }, foldIntervalMs)
      timer.unref()
      if (scripts !== undefined) {
        pushTimer ??= setInterval(() => void syncShared(), pushIntervalMs)
        pushTimer.unref()
      }
    },

    /** Stops the timer and folds what is left. */
    async stop() {
      clearInterval(timer)
      clearInterval(pushTimer)
      timer = undefined
      pushTimer = undefined
      await this.flush()
    },
  }
}

export type Meter = ReturnType<typeof createMeter>
