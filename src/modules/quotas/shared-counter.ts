import type { Redis } from 'ioredis'

/**
 * The shared monthly request counters on Redis, one per tenant and budget (docs/decisions/quotas.md
 * "The quota is exact, even across instances"): two Lua scripts, so that a check and its increment
 * are one atomic step however many instances ask at once.
 */
/**
 * Reserves atomically on the Redis counter: creates a missing counter from ARGV[2] (the counts the
 * asking instance knows of that no instance will still push), adds the asking instance's own counts
 * not pushed yet (ARGV[4]), then refuses at the limit (ARGV[1]) or INCRs.
 */
const RESERVE_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('SET', KEYS[1], tonumber(ARGV[2]), 'EX', ARGV[3])
end
local used = redis.call('INCRBY', KEYS[1], ARGV[4])
if used >= tonumber(ARGV[1]) then return {0, used} end
return {1, redis.call('INCR', KEYS[1])}`

/**
 * Pushes counts taken without Redis (ARGV[1]) to the counter, creating a missing one from the same
 * seed as the reserve script (ARGV[2]), so each count reaches the counter exactly once.
 */
const SYNC_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('SET', KEYS[1], tonumber(ARGV[2]), 'EX', ARGV[3])
end
return redis.call('INCRBY', KEYS[1], ARGV[1])`

/** The scripts as ioredis commands: sent once, then run by their SHA (EVALSHA, reloaded if flushed). */
export interface QuotaCommands {
  folioQuotaReserve(
    key: string,
    limit: number,
    seed: number,
    ttlSeconds: number,
    unpushed: number,
  ): Promise<[number, number]>
  folioQuotaSync(key: string, amount: number, seed: number, ttlSeconds: number): Promise<number>
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
