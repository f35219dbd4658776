import type { FastifyBaseLogger } from 'fastify'
import type { Database } from './db/client.js'
import { isConnectionFailure } from './db/errors.js'
import { failureOf } from './http/error-handler.js'
import { isRedisUnavailable, type SharedStore } from './store/shared-store.js'

/**
 * Logs each change of the database's and Redis' reachability once (docs/decisions/configuration.md
 * "Redis outages", "PostgreSQL outages"): a warning when one goes, saying what Folio does
 * meanwhile, and a line when it is back; never a line per attempt to reconnect. A Redis already
 * unreachable when the app is built is warned about at once.
 */
export function logOutages(log: FastifyBaseLogger, database: Database, store: SharedStore): void {
  const redisDown = (cause: unknown) =>
    log.warn(
      { cause: causeOf(cause) },
      'Redis cannot be reached: throttles and quota counters count on this instance and the delivery cache is bypassed until it is back',
    )
  if (!store.available()) redisDown(undefined)
  store.onAvailabilityChange((available, cause) => {
    if (available)
      log.info('Redis is reachable again: counters are shared again and the delivery cache is back')
    else redisDown(cause)
  })
  database.onAvailabilityChange((available, cause) => {
    if (available) log.info('PostgreSQL is reachable again')
    else
      log.warn(
        { cause: causeOf(cause) },
        'PostgreSQL cannot be reached: requests answer 503 with Retry-After, jobs and the outbox relay wait until it is back',
      )
  })
}

/**
 * How background work (jobs, the relay, the meter) reports a failure: one that an outage explains
 * is a warning, and nothing while that outage is known (it was logged once, above); anything else
 * is an error.
 */
export function reportBackgroundFailure(
  log: FastifyBaseLogger,
  database: Database,
  store: SharedStore,
  err: unknown,
): void {
  if (isConnectionFailure(err)) {
    if (database.available()) log.warn({ failure: failureOf(err) }, 'background work lost the database')
    return
  }
  if (isRedisUnavailable(err)) {
    if (store.available()) log.warn({ failure: failureOf(err) }, 'background work lost Redis')
    return
  }
  log.error({ failure: failureOf(err) }, 'background work failed')
}

/** Whether `err` is what a statement or command answers while the database or Redis is away. */
export function isOutageFailure(err: unknown): boolean {
  return isConnectionFailure(err) || isRedisUnavailable(err)
}

/** What a log line says of a connection failure: its code and message, no stack. */
function causeOf(err: unknown): Record<string, unknown> | undefined {
  if (!(err instanceof Error)) return undefined
  return { code: (err as NodeJS.ErrnoException).code, message: err.message }
}
