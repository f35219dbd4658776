import type { TenantContext } from '../../context.js'
import { onBehalfOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { DEFAULT_LANGUAGE, type Language, languageOf, phrase, renderMail } from '../../i18n/index.js'
import type { JobRunner } from '../../jobs/runner.js'
import { newId } from '../../lib/ids.js'
import { queueTenantNotice } from '../tenant-settings/index.js'
import {
  createLifecycleRepository,
  DELETION_PENDING,
  type LifecycleTenantRow,
} from './lifecycle-repository.js'
import { PURGE_JOB, type PurgeJob } from './purge.js'
import type {
  DeletedTenantList,
  DeleteTenantBody,
  DeletionPreflight,
  DeletionResult,
  RestoreResult,
  RestoreTenantBody,
} from './schemas.js'

const DAY_MS = 24 * 60 * 60 * 1000

/** The signed-in caller of a lifecycle route (a `user`-mode session). */
export interface LifecycleCaller {
  userId: string
}

export interface LifecycleDeps {
  db: Db
  events: EventSink
  config: { tenantDeletionGraceMs: number }
  /** The current-password check with its throttle (auth service). */
  passwords: { verifyCurrentPassword(userId: string, password: string): Promise<void> }
  jobs: Pick<JobRunner, 'send'>
}

/**
 * Tenant deletion and restore (API contract: `/api/tenants/{id}`; docs/decisions/tenancy.md
 * "Deletion is soft for a grace period, then a durable purge"). A deletion is soft for a grace
 * period (`TENANT_DELETION_GRACE_DAYS`): the tenant turns `deletion_pending` and is gone for every
 * request at once (the auth guard and the public plugin read the tenant directory, dropped on every
 * instance by `tenant.deleted`); an owner may restore it until `purgeAfter`, when the purge job
 * queued in the same transaction removes its data (purge.ts).
 */
export function createTenantLifecycle(deps: LifecycleDeps) {
  const { db, config } = deps
  const repository = createLifecycleRepository(db)
  const write = transactional(db, deps.events)

  /** The tenant where the caller is an active owner; 404 (not a member, or gone) or 403 (not owner). */
  async function ownedTenant(caller: LifecycleCaller, tenantId: string): Promise<LifecycleTenantRow> {
    const found = await repository.tenantOfMember(tenantId, caller.userId)
    if (found === undefined || found.membership.status !== 'active') throw errors.notFound('Tenant')
    if (found.membership.role !== 'owner') throw errors.forbidden('tenants.ownerOnly')
    return found.tenant
  }

  function checkConfirmation(tenant: LifecycleTenantRow, confirmation: string) {
    if (confirmation !== tenant.slug) {
      throw errors.confirmationMismatch(phrase('tenants.confirmationSlug', { slug: tenant.slug }))
    }
  }

  /**
   * Queues the notice `mail` to every active member in `tx`, each in their own language: the mails
   * leave when the change commits.
   */
  async function notifyMembers(
    tx: Db,
    tenantId: string,
    mail: (language: Language, firstName: string) => { subject: string; text: string },
  ) {
    for (const contact of await createLifecycleRepository(tx).activeMemberContacts(tenantId)) {
      const language = languageOf(contact.language) ?? DEFAULT_LANGUAGE
      await queueTenantNotice(
        deps.jobs,
        tenantId,
        { to: contact.email, ...mail(language, contact.firstName) },
        tx,
      )
    }
  }

  function deletionResult(tenant: LifecycleTenantRow, duplicate: boolean): DeletionResult {
    return {
      status: tenant.status,
      deletionId: tenant.deletionId ?? '',
      deletedAt: (tenant.deletedAt ?? new Date()).toISOString(),
      purgeAfter: (tenant.purgeAfter ?? new Date()).toISOString(),
      cancelAtPeriodEnd: tenant.cancelAtPeriodEnd,
      duplicate,
    }
  }

  return {
    /**
     * GET /api/tenants/{id}/deletion-preflight: what deleting would remove (row counts), the
     * confirmation text expected (the slug) and when the purge would run. Active owners only:
     * 404 for a non-member or an unknown tenant, 403 for other members.
     */
    async preflight(caller: LifecycleCaller, tenantId: string): Promise<DeletionPreflight> {
      const tenant = await ownedTenant(caller, tenantId)
      const alreadyDeleted = tenant.status === DELETION_PENDING
      const purgeAfter = alreadyDeleted
        ? tenant.purgeAfter
        : new Date(Date.now() + config.tenantDeletionGraceMs)
      return {
        canDelete: tenant.status === 'active',
        alreadyDeleted,
        tenant: { id: tenant.id, name: tenant.name, slug: tenant.slug, status: tenant.status },
        impact: await repository.impact(tenantId),
        confirmation: tenant.slug,
        graceDays: config.tenantDeletionGraceMs / DAY_MS,
        purgeAfter: (purgeAfter ?? new Date()).toISOString(),
      }
    },

    /**
     * DELETE /api/tenants/{id}: owner, current password (throttled; 401 InvalidCredentials),
     * `confirmation` equal to the slug (400 ConfirmationMismatch). Marks the tenant
     * `deletion_pending`, queues its purge at `purgeAfter` and mails the active members. A repeated
     * request for a tenant already pending answers its deletion with `duplicate: true`.
     */
    async delete(
      caller: LifecycleCaller,
      tenantId: string,
      body: DeleteTenantBody,
      client: TenantContext['client'],
    ): Promise<DeletionResult> {
      const tenant = await ownedTenant(caller, tenantId)
      await deps.passwords.verifyCurrentPassword(caller.userId, body.currentPassword)
      checkConfirmation(tenant, body.confirmation)
      if (tenant.status === DELETION_PENDING) return deletionResult(tenant, true)
      if (tenant.status !== 'active')
        throw errors.conflict(phrase('tenants.cannotDeleteNow', { status: tenant.status }))
      const context = { ...onBehalfOf(tenantId, caller.userId, 'tenant-deletion'), client }
      const purgeAfter = new Date(Date.now() + config.tenantDeletionGraceMs)
      const deleted = await write(context, async (tx, emit) => {
        const row = await createLifecycleRepository(tx).markDeleted(tenantId, {
          deletionId: newId(),
          deletedBy: caller.userId,
          deletionReason: body.reason ?? null,
          purgeAfter,
          cancelAtPeriodEnd: body.cancelAtPeriodEnd ?? false,
        })
        if (row === undefined) return undefined
        const job: PurgeJob = { tenantId, deletionId: row.deletionId ?? '' }
        await deps.jobs.send(PURGE_JOB, job, { startAfter: purgeAfter, within: tx })
        emit({
          type: 'tenant.deleted',
          subjectId: tenantId,
          payload: {
            id: tenantId,
            name: row.name,
            slug: row.slug,
            status: row.status,
            deletionId: row.deletionId,
            purgeAfter: purgeAfter.toISOString(),
          },
        })
        await notifyMembers(tx, tenantId, (language, firstName) =>
          renderMail('tenantDeleted', language, {
            firstName,
            tenant: row.name,
            slug: row.slug,
            purgeAfter: purgeAfter.toISOString(),
          }),
        )
        return row
      })
      if (deleted === undefined) {
        // Another request deleted it in between: answer that deletion.
        return deletionResult(await ownedTenant(caller, tenantId), true)
      }
      return deletionResult(deleted, false)
    },

    /**
     * POST /api/tenants/{id}/restore: owner, current password, confirmation = slug; only while the
     * grace period runs (409 RestoreWindowExpired after, or once the purge began; 409 Conflict when
     * the tenant is not deleted). The tenant comes back as it was, API tokens included.
     */
    async restore(
      caller: LifecycleCaller,
      tenantId: string,
      body: RestoreTenantBody,
      client: TenantContext['client'],
    ): Promise<RestoreResult> {
      const tenant = await ownedTenant(caller, tenantId)
      await deps.passwords.verifyCurrentPassword(caller.userId, body.currentPassword)
      checkConfirmation(tenant, body.confirmation)
      if (tenant.status !== DELETION_PENDING) throw errors.conflict('tenants.notDeleted')
      const now = new Date()
      if (tenant.purgeAfter === null || tenant.purgeAfter <= now) throw errors.restoreWindowExpired()
      const context = { ...onBehalfOf(tenantId, caller.userId, 'tenant-restore'), client }
      const restored = await write(context, async (tx, emit) => {
        const row = await createLifecycleRepository(tx).markRestored(tenantId, now)
        if (row === undefined) throw errors.restoreWindowExpired()
        emit({
          type: 'tenant.restored',
          subjectId: tenantId,
          payload: { id: tenantId, name: row.name, slug: row.slug, status: row.status },
        })
        await notifyMembers(tx, tenantId, (language, firstName) =>
          renderMail('tenantRestored', language, { firstName, tenant: row.name, slug: row.slug }),
        )
        return row
      })
      return {
        status: restored.status,
        restoredAt: now.toISOString(),
        tenant: {
          id: restored.id,
          name: restored.name,
          slug: restored.slug,
          plan: restored.plan,
          status: restored.status,
          createdAt: restored.createdAt.toISOString(),
        },
      }
    },

    /** GET /api/tenants/deleted: tenants the caller owns that are in their grace period. */
    async listDeleted(caller: LifecycleCaller): Promise<DeletedTenantList> {
      const rows = await repository.deletedOwnedBy(caller.userId)
      const now = Date.now()
      return {
        tenants: rows.map((row) => ({
          id: row.id,
          tenantId: row.id,
          name: row.name,
          slug: row.slug,
          status: row.status,
          deletedAt: (row.deletedAt ?? new Date(0)).toISOString(),
          purgeAfter: (row.purgeAfter ?? new Date(0)).toISOString(),
          deletionReason: row.deletionReason,
          restoreAvailable: row.purgeAfter !== null && row.purgeAfter.getTime() > now,
        })),
      }
    },
  }
}

export type TenantLifecycle = ReturnType<typeof createTenantLifecycle>
