import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { type DomainEvent, deferredSink, type EventSink, inTransaction } from '../../events/event-log.js'
import { createAuthRepository } from './repository.js'

/**
 * Writes to an account with their domain event. An account is global, so its events (password
 * reset, Google sign-in, link, unlink) are recorded in every tenant where the user is an active
 * member: each tenant's activity log shows them (as `user.password-changed` in the users family).
 * A user without an active membership has no activity log to show them in.
 *
 * Returns `(client, work, eventOf)`: runs `work` in one transaction and records the event
 * `eventOf(result)` names for its user (none when undefined) in that transaction; the sink hears
 * the events after the commit.
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
      const { userId, event } = named
      for (const tenantId of await createAuthRepository(tx).activeTenantIds(userId)) {
        const context: TenantContext = {
          tenantId,
          actor: { kind: 'user', userId },
          permissions: new Set(),
          client,
        }
        await inTransaction(tx, context, held.sink, async (_tx, emit) => emit(event))
      }
      return value
    })
    held.flushTo(sink)
    return result
  }
}

/** An event about the account `userId`. */
export interface AccountEvent {
  userId: string
  event: DomainEvent
}

export type AccountWriter = ReturnType<typeof accountWriter>
