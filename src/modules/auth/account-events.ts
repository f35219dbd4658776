import { accountContext, type TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { type DomainEvent, deferredSink, type EventSink, inTransaction } from '../../events/event-log.js'

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
  return async function writeAccount<T>(
    client: TenantContext['client'],
    work: (tx: Db) => Promise<T>,
    eventOf: (result: T) => AccountEvent | undefined,
  ): Promise<T> {
    const held = deferredSink()
    const result = await db.transaction(async (tx) => {
      const value = await work(tx)
      const named = eventOf(value)
      if (named === undefined) return value
      await inTransaction(tx, accountContext(named.userId, client), held.sink, async (_tx, emit) =>
        emit(named.event),
      )
      return value
    })
    await held.flushTo(sink)
    return result
  }
}

/** An event about the account `userId`. */
export interface AccountEvent {
  userId: string
  event: DomainEvent
}

export type AccountWriter = ReturnType<typeof accountWriter>
