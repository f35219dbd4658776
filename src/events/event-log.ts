import type { AccountContext, Actor, TenantContext } from '../context.js'
import type { Db } from '../db/client.js'
import { type ActorRef, outbox } from '../db/schema/index.js'
import { newId } from '../lib/ids.js'
import { ACCOUNT_EVENT_TYPES, EVENTS, type EventPayload, type EventType } from './catalog.js'

/**
 * Domain events and the transactional outbox (docs/architecture.md "Outbox",
 * docs/decisions/jobs-and-events.md). A write records what happened in the same transaction as the
 * change (`inTransaction` + `emit`), so an event exists exactly when its write committed. After the
 * commit the event sink hears the events: this instance drops its caches at once, and the relay
 * (`relay.ts`) hands them to the durable consumers. Nothing a consumer does can fail the write.
 *
 * Names are `<resource>.<past-verb>` (`content.created`, `member.role-changed`); each type and its
 * payload are declared in the catalog (`catalog.ts`): ids, the facts naming the record and what
 * changed, never a whole record or a secret.
 */
export type DomainEvent = {
  [T in EventType]: {
    type: T
    /** The record the event is about (its id), when there is one. */
    subjectId?: string | null
    payload: EventPayload<T>
  }
}[EventType]

/**
 * An event as stored and handed to consumers. Its type and payload are read back from the outbox
 * as plain values: rows written before a payload shape changed keep their old shape.
 */
export interface CommittedEvent {
  type: string
  subjectId?: string | null
  payload: Record<string, unknown>
  id: string
  /** null for an account event (`ACCOUNT_EVENT_TYPES`). */
  tenantId: string | null
  actor: ActorRef
  /** The client address of the request that caused it; null for Folio's own work. */
  ipAddress: string | null
  createdAt: Date
}

export type Emit = (event: DomainEvent) => void

const CHECK_PAYLOADS = process.env.NODE_ENV === 'test'
// TypeBox's value checker holds about 2 MB of heap: loaded only where payloads are checked.
const Value = CHECK_PAYLOADS ? (await import('typebox/value')).Value : undefined

/**
 * Under test (NODE_ENV=test), an event whose payload does not match its catalog schema, or an
 * account event emitted in a tenant (or a tenant's event outside one), fails its write, so the
 * suite finds it; in production the types suffice.
 */
function checked(event: DomainEvent, tenantId: string | null): DomainEvent {
  if (Value === undefined) return event
  if (ACCOUNT_EVENT_TYPES.has(event.type) !== (tenantId === null)) {
    throw new Error(`${event.type} is ${tenantId === null ? 'not ' : ''}an account event (catalog.ts)`)
  }
  if (!Value.Check(EVENTS[event.type], event.payload)) {
    const problems = [...Value.Errors(EVENTS[event.type], event.payload)].map(
      (error) => `${error.instancePath || '/'} ${error.message}`,
    )
    throw new Error(`The ${event.type} payload does not match the event catalog: ${problems.join('; ')}`)
  }
  return event
}

/**
 * Hears events after their transaction committed (local cache invalidation, relay wake-up). A
 * promise it returns is awaited before the write returns (the shared delivery cache's generations
 * move on before the write is answered); it must not reject. Any other value is ignored.
 */
export interface EventSink {
  committed(events: readonly CommittedEvent[]): unknown
}

/** A sink that hears nothing: for services built inside another unit of work (the importer's). */
export const NO_EVENT_SINK: EventSink = { committed() {} }

export function actorRefOf(actor: Actor): ActorRef {
  if (actor.kind === 'user') return { kind: 'user', id: actor.userId }
  if (actor.kind === 'apiToken') {
    return actor.name === undefined
      ? { kind: 'apiToken', id: actor.tokenId }
      : { kind: 'apiToken', id: actor.tokenId, name: actor.name }
  }
  return { kind: 'system', name: actor.name }
}

/**
 * A transaction a caller holds open for several service writes (docs/architecture.md
 * "Transactions"), carried in `TenantContext.unitOfWork`: a service given such a context writes in
 * it instead of opening its own, and its events are stored and heard with the caller's.
 */
export interface UnitOfWork {
  readonly tx: Db
  readonly emit: Emit
}

/** The handle a service reads with under `context`: the caller's transaction when it joined one, else `db`. */
export function dbOf(context: TenantContext, db: Db): Db {
  return context.unitOfWork?.tx ?? db
}

/**
 * Runs `work` in a transaction of `db` (a savepoint when `db` is already a transaction); the events
 * it emits are stored in the outbox in that transaction, and given to `sink` once it committed.
 * Returns what `work` returns; when it throws, nothing is stored and the sink hears nothing. An
 * account context records its events without a tenant.
 *
 * When `context` carries a unit of work, `work` runs in a savepoint of the caller's transaction
 * instead: a failure undoes this write only, and its events join the caller's, stored and heard
 * when the caller's transaction commits.
 */
export async function inTransaction<T>(
  db: Db,
  context: TenantContext | AccountContext,
  sink: EventSink,
  work: (tx: Db, emit: Emit) => Promise<T>,
): Promise<T> {
  const joined = context.tenantId === null ? undefined : context.unitOfWork
  if (joined !== undefined) {
    const held: DomainEvent[] = []
    const value = await joined.tx.transaction((savepoint) =>
      work(savepoint as unknown as Db, (event) => void held.push(event)),
    )
    for (const event of held) joined.emit(event)
    return value
  }
  const pending: CommittedEvent[] = []
  const actor = actorRefOf(context.actor)
  const ipAddress = context.client.ip === '' ? null : context.client.ip
  const result = await db.transaction(async (tx) => {
    const value = await work(tx as unknown as Db, (event) => {
      pending.push({
        ...checked(event, context.tenantId),
        id: newId(),
        tenantId: context.tenantId,
        actor,
        ipAddress,
        createdAt: new Date(),
      })
    })
    if (pending.length > 0) {
      await tx.insert(outbox).values(
        pending.map((event) => ({
          tenantId: event.tenantId,
          id: event.id,
          type: event.type,
          subjectId: event.subjectId ?? null,
          actor: event.actor,
          payload: event.payload,
          ipAddress: event.ipAddress,
          createdAt: event.createdAt,
        })),
      )
    }
    return value
  })
  if (pending.length > 0) await sink.committed(pending)
  return result
}

/**
 * Runs `work` with a context that carries a unit of work on one transaction of `db`: every service
 * called with that context joins it, so their writes and events commit, or roll back, together.
 */
export function withUnitOfWork<T>(
  db: Db,
  context: TenantContext,
  sink: EventSink,
  work: (context: TenantContext, tx: Db) => Promise<T>,
): Promise<T> {
  return inTransaction(db, context, sink, (tx, emit) => work({ ...context, unitOfWork: { tx, emit } }, tx))
}

/** A service's writes: `inTransaction` bound to its database and event sink. */
export type Transactional = <T>(
  context: TenantContext,
  work: (tx: Db, emit: Emit) => Promise<T>,
) => Promise<T>

/** Binds `inTransaction` to `db` and `sink` (what a service keeps for its writes). */
export function transactional(db: Db, sink: EventSink): Transactional {
  return (context, work) => inTransaction(db, context, sink, work)
}

/**
 * A sink for services working inside a transaction someone else commits (the importer's item
 * transaction): it keeps the events until `flushTo` is called after that commit.
 */
export function deferredSink() {
  let held: CommittedEvent[] = []
  return {
    sink: { committed: (events) => void held.push(...events) } satisfies EventSink,
    /** Hands the held events to `target` (call once the outer transaction committed, and await it). */
    async flushTo(target: EventSink) {
      const events = held
      held = []
      if (events.length > 0) await target.committed(events)
    },
    /** Forgets the held events (the outer transaction rolled back). */
    discard() {
      held = []
    },
  }
}
