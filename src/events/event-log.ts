import type { AccountContext, Actor, TenantContext } from '../context.js'
import type { Db } from '../db/client.js'
import { type ActorRef, outbox } from '../db/schema/index.js'
import { newId } from '../lib/ids.js'
import { ACCOUNT_EVENT_TYPES, EVENTS, type EventPayload, type EventType } from './catalog.js'

/**
 * Domain events and the transactional outbox (docs/architecture.md "Outbox",
 * docs/decisions/jobs-and-events.md). A write records what happened in the same transaction as the
 * change (`transactional` + `emit`), so an event exists exactly when its write committed. After the
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

/** A sink that hears nothing: for services a test builds apart from the app. */
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

/** Whose events a transaction records: a tenant's context, or an account's (no tenant). */
export type EventContext = TenantContext | AccountContext

/** Records `event` for `context` in the open transaction (`Transactional.across`). */
export type EmitIn = (context: EventContext, event: DomainEvent) => void

/**
 * A service's transactions, bound to its database and event sink (docs/architecture.md
 * "Transactions"): the one way Folio's families open a transaction.
 */
export interface Transactional {
  /**
   * Runs `work` in one transaction (a savepoint when the database is already a transaction); the
   * events it emits are recorded for `context`, stored in the outbox in that transaction and given
   * to the sink once it committed. Returns what `work` returns; when it throws, nothing is stored and
   * the sink hears nothing.
   *
   * When `context` carries a unit of work, `work` runs in a savepoint of the caller's transaction
   * instead: a failure undoes this write only, and its events join the caller's, stored and heard
   * when the caller's transaction commits. A unit of work is opened by handing a context
   * `unitOfWork: { tx, emit }` from inside `work`.
   */
  <T>(context: EventContext, work: (tx: Db, emit: Emit) => Promise<T>): Promise<T>
  /**
   * Runs `work` in one transaction whose events belong to several contexts, or to one only the work
   * finds out (an account deletion leaves several tenants; a password reset learns its user from the
   * token): `emitIn` records each event for its context, stored in the outbox in that transaction,
   * and the sink hears them all once it committed. Also the way to a transaction that records no
   * event (a job queued `within` it).
   */
  across<T>(work: (tx: Db, emitIn: EmitIn) => Promise<T>): Promise<T>
}

/** Binds the transactions of a service (or of any writer) to `db` and `sink`. */
export function transactional(db: Db, sink: EventSink): Transactional {
  async function across<T>(work: (tx: Db, emitIn: EmitIn) => Promise<T>): Promise<T> {
    const pending: CommittedEvent[] = []
    const result = await db.transaction(async (tx) => {
      const value = await work(tx as unknown as Db, (context, event) => {
        pending.push(committedOf(context, event))
      })
      if (pending.length > 0) await tx.insert(outbox).values(pending.map(outboxRowOf))
      return value
    })
    if (pending.length > 0) await sink.committed(pending)
    return result
  }

  async function write<T>(context: EventContext, work: (tx: Db, emit: Emit) => Promise<T>): Promise<T> {
    const joined = context.tenantId === null ? undefined : context.unitOfWork
    if (joined === undefined) return across((tx, emitIn) => work(tx, (event) => emitIn(context, event)))
    const held: DomainEvent[] = []
    const value = await joined.tx.transaction((savepoint) =>
      work(savepoint as unknown as Db, (event) => void held.push(event)),
    )
    for (const event of held) joined.emit(event)
    return value
  }

  return Object.assign(write, { across })
}

/** `event` as stored for `context`: checked, with its id, tenant, actor, client address and time. */
function committedOf(context: EventContext, event: DomainEvent): CommittedEvent {
  return {
    ...checked(event, context.tenantId),
    id: newId(),
    tenantId: context.tenantId,
    actor: actorRefOf(context.actor),
    ipAddress: context.client.ip === '' ? null : context.client.ip,
    createdAt: new Date(),
  }
}

function outboxRowOf(event: CommittedEvent): typeof outbox.$inferInsert {
  return {
    tenantId: event.tenantId,
    id: event.id,
    type: event.type,
    subjectId: event.subjectId ?? null,
    actor: event.actor,
    payload: event.payload,
    ipAddress: event.ipAddress,
    createdAt: event.createdAt,
  }
}
