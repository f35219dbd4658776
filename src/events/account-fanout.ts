import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { memberships } from '../db/schema/index.js'
import { isEventType, SHARED_ACCOUNT_EVENT_TYPES } from './catalog.js'
import type { CommittedEvent } from './event-log.js'

/** An event as one tenant's consumers see it. */
export type TenantEvent = CommittedEvent & { tenantId: string }

/**
 * The events as the tenants' consumers (activities, webhooks) see them, in order
 * (docs/decisions/jobs-and-events.md "Account events have no tenant"): a tenant's event as it is;
 * a shared account event (`SHARED_ACCOUNT_EVENT_TYPES`) once for each tenant where its user, the
 * event's subject, is an active member when the relay hands it over; any other account event for
 * no tenant. The one place account events reach tenants.
 */
export async function eventsByTenant(tx: Db, events: readonly CommittedEvent[]): Promise<TenantEvent[]> {
  const shared = (event: CommittedEvent) =>
    event.tenantId === null &&
    event.subjectId != null &&
    isEventType(event.type) &&
    SHARED_ACCOUNT_EVENT_TYPES.has(event.type)
  const userIds = [...new Set(events.filter(shared).map((event) => event.subjectId as string))]
  const tenantsOf = new Map<string, string[]>()
  if (userIds.length > 0) {
    const rows = await tx
      .select({ userId: memberships.userId, tenantId: memberships.tenantId })
      .from(memberships)
      .where(and(inArray(memberships.userId, userIds), eq(memberships.status, 'active')))
    for (const row of rows) tenantsOf.set(row.userId, [...(tenantsOf.get(row.userId) ?? []), row.tenantId])
  }
  return events.flatMap((event): TenantEvent[] => {
    if (event.tenantId !== null) return [{ ...event, tenantId: event.tenantId }]
    if (!shared(event)) return []
    return (tenantsOf.get(event.subjectId as string) ?? []).map((tenantId) => ({ ...event, tenantId }))
  })
}
