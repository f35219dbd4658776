import { and, count, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { contents, media, memberships } from '../../db/schema/index.js'
import { errors } from '../../errors.js'
import type { TenantSettingsReader } from './effective.js'

/** The limits enforced where their resource is created. */
export type CountedLimit = 'entries' | 'media' | 'users'

/** The tenant's rows a limit counts: all contents; media not deleted; members of any status (pending invitations too). */
const COUNTERS: Record<CountedLimit, (db: Db, tenantId: string) => Promise<number>> = {
  async entries(db, tenantId) {
    const [row] = await db.select({ n: count() }).from(contents).where(eq(contents.tenantId, tenantId))
    return row?.n ?? 0
  },
  async media(db, tenantId) {
    const [row] = await db
      .select({ n: count() })
      .from(media)
      .where(and(eq(media.tenantId, tenantId), ne(media.status, 'deleted')))
    return row?.n ?? 0
  },
  async users(db, tenantId) {
    const [row] = await db.select({ n: count() }).from(memberships).where(eq(memberships.tenantId, tenantId))
    return row?.n ?? 0
  },
}

/**
 * The check that refuses to create one more `kind` when the tenant's `limits.<kind>` is set and
 * reached. Get it before the creating transaction (it reads the cached settings, which on the
 * one-connection embedded database cannot be read from inside another transaction; `via` names the
 * caller's unit of work when there is one) and run it inside that transaction `tx`: when a limit is
 * set it takes a transaction-scoped advisory lock on (tenant, kind) before counting, so concurrent
 * creates queue there and the limit holds exactly; with no limit (or no reader) it does nothing.
 * The returned function throws LimitExceeded naming the limit, with `limit` and `usage`.
 */
export async function limitCheck(
  reader: TenantSettingsReader | undefined,
  tenantId: string,
  kind: CountedLimit,
  via?: Db,
): Promise<(tx: Db) => Promise<void>> {
  const limit = reader === undefined ? null : (await reader.get(tenantId, via)).limits[kind]
  if (limit === null) return async () => {}
  return async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`folio:limit:${kind}:${tenantId}`}))`)
    const usage = await COUNTERS[kind](tx, tenantId)
    if (usage >= limit) throw errors.limitExceeded(kind, limit, usage)
  }
}

/**
 * Content scheduling is a tenant feature (`features.contentScheduling`, default from the
 * feature-flag catalogue, where the migration puts it on). When it is off, a write asking for
 * status `scheduled` or a `publishAt` in the future is refused with 403 Forbidden: the request is
 * valid, the tenant has switched the capability off.
 */
export async function assertSchedulingAllowed(
  reader: TenantSettingsReader,
  tenantId: string,
  request: { status?: string | undefined; publishAt?: string | null | undefined },
  now = new Date(),
  via?: Db,
): Promise<void> {
  const future = typeof request.publishAt === 'string' && Date.parse(request.publishAt) > now.getTime()
  if (request.status !== 'scheduled' && !future) return
  if (await reader.featureEnabled(tenantId, 'contentScheduling', via)) return
  throw errors.forbidden('settings.schedulingOff')
}
