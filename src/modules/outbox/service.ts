import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { createDeadLetters } from '../../events/dead-letters.js'
import { pageOf, paginate } from '../../lib/paging.js'
import { isPlatformAdmin, type PlatformAccount } from '../auth/index.js'
import type { DeadLetter, ListDeadLettersInput, ReplayDeadLettersInput } from './schemas.js'

/**
 * The outbox's dead letters for platform operators (docs/decisions/jobs-and-events.md "Dead
 * letters"): events a consumer gave up on after its retries, listed across tenants and replayed
 * once the cause is fixed. Platform administrators only (`PLATFORM_ADMIN_EMAILS`, verified).
 */
export function createOutboxService(deps: {
  db: Db
  config: Pick<Config, 'platformAdminEmails'>
  /** Wakes the relay, so replayed events go out now rather than at its next poll. */
  wakeRelay: () => Promise<void>
}) {
  const deadLetters = createDeadLetters(deps.db)

  function mustAdminister(caller: PlatformAccount) {
    if (!isPlatformAdmin(deps.config.platformAdminEmails, caller)) {
      throw errors.forbidden('outbox.adminsOnly')
    }
  }

  return {
    /** `GET /api/outbox/dead-letters`, newest first. @throws Forbidden. */
    async list(caller: PlatformAccount, query: ListDeadLettersInput) {
      mustAdminister(caller)
      const { page, limit, offset } = pageOf(query)
      const { rows, total } = await deadLetters.list(
        { consumer: query.consumer, tenantId: query.tenantId },
        offset,
        limit,
      )
      const shown: DeadLetter[] = rows.map((row) => ({
        ...row,
        deadAt: row.deadAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
      }))
      return { deadLetters: shown, pagination: paginate(page, limit, total) }
    },

    /** `POST /api/outbox/dead-letters/replay`: the matching dead letters (all without a filter). @throws Forbidden. */
    async replay(caller: PlatformAccount, body: ReplayDeadLettersInput) {
      mustAdminister(caller)
      const replayed = await deadLetters.replay(body)
      if (replayed > 0) void deps.wakeRelay()
      return { replayed }
    },
  }
}

export type OutboxService = ReturnType<typeof createOutboxService>
