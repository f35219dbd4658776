import { and, asc, desc, eq, gt, or } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { outbox } from '../db/schema/index.js'
import { isId } from '../lib/ids.js'
import type { HeardEvent } from './bus.js'

/** How far back a resumed change stream may reach (docs/decisions/live.md "Resuming"). */
export interface ReplayWindow {
  /** The oldest event a resume may start after: this many ms before now. */
  maxAgeMs: number
  /** The most events of the tenant after the client's last one; one more and the client starts afresh. */
  maxEvents: number
}

/**
 * What follows event `lastId` of `tenantId` in the outbox, in commit order (created at, then id),
 * for a change stream that resumes (docs/decisions/live.md "Resuming"): `reset` when the id is not
 * one of the tenant's events, is older than `window.maxAgeMs`, or more than `window.maxEvents`
 * events followed it (the client refetches everything instead). Account events (no tenant) are
 * never part of it.
 */
export async function eventsAfter(
  db: Db,
  tenantId: string,
  lastId: string,
  window: ReplayWindow,
  now = new Date(),
): Promise<{ reset: true } | { reset: false; events: HeardEvent[] }> {
  if (!isId(lastId)) return { reset: true }
  const [last] = await db
    .select({ createdAt: outbox.createdAt })
    .from(outbox)
    .where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, lastId)))
  if (last === undefined || last.createdAt.getTime() < now.getTime() - window.maxAgeMs) return { reset: true }
  const rows = await db
    .select({
      id: outbox.id,
      type: outbox.type,
      subjectId: outbox.subjectId,
      payload: outbox.payload,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(
      and(
        eq(outbox.tenantId, tenantId),
        or(
          gt(outbox.createdAt, last.createdAt),
          and(eq(outbox.createdAt, last.createdAt), gt(outbox.id, lastId)),
        ),
      ),
    )
    .orderBy(asc(outbox.createdAt), asc(outbox.id))
    .limit(window.maxEvents + 1)
  if (rows.length > window.maxEvents) return { reset: true }
  return { reset: false, events: rows.map((row) => heardOf(tenantId, row)) }
}

/** The id of `tenantId`'s newest event (the point a fresh stream resumes from), undefined when it has none. */
export async function latestEventId(db: Db, tenantId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(eq(outbox.tenantId, tenantId))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(1)
  return row?.id
}

/**
 * One event of `tenantId` by id, as the bus hands it (`HeardEvent`): for a broadcast whose payload
 * did not fit the message. undefined when it is not the tenant's (or gone).
 */
export async function eventById(db: Db, tenantId: string, id: string): Promise<HeardEvent | undefined> {
  const [row] = await db
    .select({
      id: outbox.id,
      type: outbox.type,
      subjectId: outbox.subjectId,
      payload: outbox.payload,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, id)))
  return row === undefined ? undefined : heardOf(tenantId, row)
}

function heardOf(
  tenantId: string,
  row: {
    id: string
    type: string
    subjectId: string | null
    payload: Record<string, unknown>
    createdAt: Date
  },
): HeardEvent {
  return {
    tenantId,
    type: row.type,
    subjectId: row.subjectId,
    id: row.id,
    at: row.createdAt.toISOString(),
    payload: row.payload,
  }
}
