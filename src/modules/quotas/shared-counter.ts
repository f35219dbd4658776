import type { Redis } from 'ioredis'

/**
 * The shared monthly request counter on Redis (docs/decisions/quotas.md "The quota is exact, even
 * across instances"): two Lua scripts, so that a check and its increment are one atomic step
 * however many instances ask at once.
 */
/** Reserves atomically on the Redis counter: seeds a missing counter, refuses at the limit, else INCR. */
const RESERVE_SCRIPT = `
local used = redis.call('GET', KEYS[1])
if not used then
  used = tonumber(ARGV[2])
  redis.call('SET', KEYS[1], used, 'EX', ARGV[3])
else
  used = tonumber(used)
end
if used >= tonumber(ARGV[1]) then return {0, used} end
return {1, redis.call('INCR', KEYS[1])}`

/** Adds counts taken without Redis to an existing counter (a missing one is seeded from the database later). */
const SYNC_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('INCRBY', KEYS[1], ARGV[1]) end
return 0`

/** The scripts as ioredis commands: sent once, then run by their SHA (EVALSHA, reloaded if flushed). */
export interface QuotaCommands {
  folioQuotaReserve(key: string, limit: number, seed: number, ttlSeconds: number): Promise<[number, number]>
  folioQuotaSync(key: string, amount: number): Promise<number>
}

export function quotaCommands(redis: Redis): QuotaCommands {
  const commands = redis as unknown as Partial<QuotaCommands>
  if (commands.folioQuotaReserve === undefined) {
    redis.defineCommand('folioQuotaReserve', { numberOfKeys: 1, lua: RESERVE_SCRIPT })
    redis.defineCommand('folioQuotaSync', { numberOfKeys: 1, lua: SYNC_SCRIPT })
  }
  return redis as unknown as QuotaCommands
}

/** Redis counters outlive their month by a few days, so late folds and reads still find them. */
export const COUNTER_TTL_SECONDS = 40 * 24 * 3600
