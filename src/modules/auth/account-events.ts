import { accountContext, type TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { type DomainEvent, type EventSink, transactional } from '../../events/event-log.js'

/**
 * Writes to an account with its domain event, recorded once without a tenant
 * (docs/decisions/jobs-and-events.md "Account events have no tenant"); the relay's consumers show
 * the shared ones in each tenant where the user is an active member (`events/account-fanout.ts`).
 *
 * Returns `(client, work, eventOf)`: runs `work` in one transaction and records the event
 * `eventOf(result)` names for its user (none when undefined) in that transaction; the sink hears
 * it after the commit.
 */
export function accountWriter(db: Db, sink: EventSink) {
  const write = transactional(db, sink)
  return function writeAccount<T>(
    client: TenantContext['client'],
    work: (tx: Db) => Promise<T>,
    eventOf: (result: T) => AccountEvent | undefined,
  ): Promise<T> {
    return write.across(async (tx, emitIn) => {
      const value = await work(tx)
      const named = eventOf(value)
      if (named !== undefined) emitIn(accountContext(named.userId, client), named.event)
      return value
    })
  }
}

/** An event about the account `userId`. */
export interface AccountEvent {
  userId: string
  event: DomainEvent
}

export type AccountWriter = ReturnType<typeof accountWriter>
