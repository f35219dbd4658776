import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { pageOf, paginate } from '../../lib/paging.js'
import { type ActivityRow, createActivitiesRepository } from './repository.js'
import type { Activity, ListActivitiesInput } from './schemas.js'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The activity log's reads and retention (API contract: `/api/activities`;
 * docs/decisions/jobs-and-events.md "Activities").
 */
export function createActivitiesService(deps: { db: Db; retentionDays: number }) {
  const repository = createActivitiesRepository(deps.db)

  return {
    /** `GET /api/activities`: newest first, filtered by action and user; `totalPages` ≥ 1. */
    async list(context: TenantContext, query: ListActivitiesInput) {
      const { page, limit, offset } = pageOf(query)
      const { rows, total } = await repository.list(
        context.tenantId,
        { action: query.action, userId: query.userId },
        offset,
        limit,
      )
      // This route's contract names the page count `totalPages`.
      const { pages: totalPages, ...pagination } = paginate(page, limit, total)
      return {
        activities: rows.map(toActivity),
        pagination: { ...pagination, totalPages },
      }
    },

    /** `GET /api/activities/recent`: the newest `limit`, without client addresses. */
    async recent(context: TenantContext, limit: number) {
      const { rows } = await repository.list(context.tenantId, {}, 0, limit)
      // The response schema leaves ipAddress out.
      return { activities: rows.map(toActivity) }
    },

    /** Deletes activities past the retention period (the daily `activities.retention` job). */
    prune(now = new Date()): Promise<number> {
      return repository.deleteOlderThan(new Date(now.getTime() - deps.retentionDays * DAY_MS))
    },
  }
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>

function toActivity(row: ActivityRow): Activity {
  const actor = row.actor as {
    kind: Activity['actor']['kind']
    id: string | null
    name: string
    user: Activity['user']
  }
  return {
    id: row.id,
    user: actor.user ?? null,
    actor: { kind: actor.kind, id: actor.id, name: actor.name },
    action: row.action,
    description: row.description,
    metadata: row.metadata,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
  }
}
