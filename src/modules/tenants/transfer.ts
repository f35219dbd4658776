import type { TenantContext } from '../../context.js'
import { onBehalfOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { AppError, errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { DEFAULT_LANGUAGE, languageOf, renderMail } from '../../i18n/index.js'
import type { JobRunner } from '../../jobs/runner.js'
import { randomToken, sha256Hex } from '../../lib/hash.js'
import { newId } from '../../lib/ids.js'
import { normalizeEmail } from '../auth/index.js'
import { membershipWrites } from '../members/index.js'
import { grantedBy, type RoleResolver, roleMetaOf } from '../roles/index.js'
import { queueTenantNotice, type TenantMailer } from '../tenant-settings/index.js'
import { createLifecycleRepository } from './lifecycle-repository.js'
import type {
  AcceptTransferResult,
  OpenTransfer,
  TransferCancelled,
  TransferPreview,
  TransferRequested,
} from './schemas.js'

/** docs/decisions/auth.md "One-time tokens": an ownership transfer token lives 7 days. */
export const TRANSFER_TTL_MS = 7 * 24 * 60 * 60 * 1000

export interface TransferDeps {
  roles: RoleResolver
  db: Db
  events: EventSink
  config: { appUrl: string }
  passwords: { verifyCurrentPassword(userId: string, password: string): Promise<void> }
  /** The tenant mailer: the offer and the notices are mail Folio sends for the tenant. */
  mailer: Pick<TenantMailer, 'send' | 'assertPlatformMail'>
  jobs: Pick<JobRunner, 'send'>
}

/** The job that makes a transfer's one-time token and mails it, queued by the offer's transaction. */
export const TRANSFER_MAIL_JOB = 'tenants.transfer-mail'
export interface TransferMailJob {
  tenantId: string
  transferId: string
}

/**
 * Ownership transfer (docs/decisions/tenancy.md "Ownership transfer"): the token is never answered,
 * only mailed, so only the target's mailbox holds it; it is stored as a SHA-256 and works once.
 * The target must already be an active member of the tenant: ownership goes to someone the tenant
 * knows, and no account or membership is made as a side effect. On acceptance the target becomes
 * owner and the offering owner becomes admin.
 *
 * The offer's transaction queues the mail's job, which makes the token (so no plaintext token is
 * ever stored, not even in the queue) and mails the link; a mail server that is down delays the
 * mail (retries) and never loses the offer.
 */
export function createOwnershipTransfers(deps: TransferDeps) {
  const { db } = deps
  const repository = createLifecycleRepository(db)
  const write = transactional(db, deps.events)

  /** The live tenant and the caller's active membership in it; 404 otherwise. */
  async function liveMembership(tenantId: string, userId: string) {
    const found = await repository.tenantOfMember(tenantId, userId)
    if (found === undefined || found.membership.status !== 'active' || found.tenant.status !== 'active') {
      throw errors.notFound('Tenant')
    }
    return found
  }

  return {
    /**
     * POST /api/tenants/{id}/transfer-ownership: an active owner offers the tenant to the active
     * member with `email`, after the current-password check (throttled; 401 InvalidCredentials).
     * A new offer replaces the tenant's open one. 404 for a non-member, 403 for a non-owner,
     * 400 ValidationFailed when `email` is no other active member (or already an owner), 403
     * EmailNotVerified / LimitExceeded when Folio's mail would not send the offer (no verified
     * owner, the day's platform mail spent).
     */
    async request(
      caller: { userId: string },
      tenantId: string,
      body: { email: string; password: string },
      client: TenantContext['client'],
    ): Promise<TransferRequested> {
      const { tenant, membership } = await liveMembership(tenantId, caller.userId)
      if (membership.role !== 'owner') throw errors.forbidden('tenants.transferOwnerOnly')
      await deps.passwords.verifyCurrentPassword(caller.userId, body.password)
      const target = await repository.activeMemberByEmail(tenantId, normalizeEmail(body.email))
      if (target === undefined || target.userId === caller.userId) {
        throw errors.validation('tenants.transferTargetNotMember')
      }
      if (target.role === 'owner') throw errors.validation('tenants.transferTargetOwner')
      // The offer's only way to the member is Folio's own mail.
      await deps.mailer.assertPlatformMail(tenantId)
      const expiresAt = new Date(Date.now() + TRANSFER_TTL_MS)
      const transferId = newId()
      const context = { ...onBehalfOf(tenantId, caller.userId, 'ownership-transfer'), client }
      await write(context, async (tx, emit) => {
        // The mail's job sets the real token hash; until then no token matches this one.
        await createLifecycleRepository(tx).replaceTransfer(tenantId, {
          id: transferId,
          fromUserId: caller.userId,
          toUserId: target.userId,
          tokenHash: sha256Hex(randomToken()),
          expiresAt,
        })
        const job: TransferMailJob = { tenantId, transferId }
        await deps.jobs.send(TRANSFER_MAIL_JOB, job, { within: tx })
        emit({
          type: 'tenant.ownership-transfer-requested',
          subjectId: tenantId,
          payload: {
            id: tenantId,
            name: tenant.name,
            transferId,
            toUserId: target.userId,
            email: target.email,
          },
        })
      })
      return {
        message: `An ownership transfer was offered to ${target.email}.`,
        transfer: { id: transferId, email: target.email, expiresAt: expiresAt.toISOString() },
      }
    },

    /**
     * GET /api/tenants/{id}/transfer-ownership: the tenant's open, unexpired offer (addressee and
     * expiry, never the token), or null. 404 for a non-member, 403 for a non-owner.
     */
    async open(caller: { userId: string }, tenantId: string): Promise<OpenTransfer> {
      const { membership } = await liveMembership(tenantId, caller.userId)
      if (membership.role !== 'owner') throw errors.forbidden('tenants.offerOwnerOnly')
      const offer = await repository.openTransfer(tenantId, new Date())
      return {
        transfer:
          offer === undefined
            ? null
            : {
                id: offer.id,
                email: offer.email,
                expiresAt: offer.expiresAt.toISOString(),
                createdAt: offer.createdAt.toISOString(),
              },
      }
    },

    /**
     * DELETE /api/tenants/{id}/transfer-ownership: withdraws the open offer, so its mailed token
     * stops working. Without an open offer it answers `cancelled: false` and records nothing.
     * 404 for a non-member, 403 for a non-owner.
     */
    async cancel(
      caller: { userId: string },
      tenantId: string,
      client: TenantContext['client'],
    ): Promise<TransferCancelled> {
      const { tenant, membership } = await liveMembership(tenantId, caller.userId)
      if (membership.role !== 'owner') throw errors.forbidden('tenants.withdrawOwnerOnly')
      const context = { ...onBehalfOf(tenantId, caller.userId, 'ownership-transfer'), client }
      const cancelled = await write(context, async (tx, emit) => {
        const removed = await createLifecycleRepository(tx).cancelTransfer(tenantId)
        if (removed === undefined) return false
        emit({
          type: 'tenant.ownership-transfer-cancelled',
          subjectId: tenantId,
          payload: { id: tenantId, name: tenant.name, transferId: removed.id, toUserId: removed.toUserId },
        })
        return true
      })
      return { cancelled }
    },

    /**
     * The `TRANSFER_MAIL_JOB` handler: makes the offer's one-time token (stored as its SHA-256; a
     * retry makes a new one, and only the newest works) and mails the link to the addressed member.
     * An offer accepted, replaced or expired meanwhile is left alone.
     */
    async mailOffer(job: TransferMailJob): Promise<void> {
      const token = randomToken()
      const offer = await repository.setTransferToken(
        job.tenantId,
        job.transferId,
        sha256Hex(token),
        new Date(),
      )
      if (offer === undefined) return
      const { tenant } = offer
      const pageUrl = `${deps.config.appUrl}/account/accept-transfer?tenant=${tenant.id}`
      const message = {
        to: offer.email,
        ...renderMail('transferOffer', languageOf(offer.language) ?? DEFAULT_LANGUAGE, {
          tenant: tenant.name,
          slug: tenant.slug,
          email: offer.email,
          expiresAt: offer.expiresAt.toISOString(),
          link: `${pageUrl}&token=${token}`,
          pageUrl,
          token,
        }),
      }
      await deps.mailer.send(job.tenantId, message, 'transfer').catch((err: unknown) => {
        // The tenant has no verified owner any more: the offer stays unmailed (it can be made again).
        if (!(err instanceof AppError && err.code === 'EmailNotVerified')) throw err
      })
    },

    /**
     * GET /api/tenants/{id}/transfer-preview: what an open transfer's token offers (the tenant, the
     * addressed account's e-mail, the expiry), for the page its mail links to. Needs no session: the
     * token is the credential, and accepting still needs the addressed account signed in.
     * 400 InvalidToken when the token is unknown, used or expired, or the tenant is not live.
     */
    async preview(tenantId: string, token: string): Promise<TransferPreview> {
      const found = await repository.liveTransfer(tenantId, sha256Hex(token), new Date())
      if (found === undefined || found.tenant.status !== 'active') {
        throw errors.invalidToken('tenants.transferTokenInvalid')
      }
      const { id, name, slug } = found.tenant
      return {
        tenant: { id, name, slug },
        email: found.email,
        expiresAt: found.expiresAt.toISOString(),
        requiresAuthentication: true,
      }
    },

    /**
     * POST /api/tenants/{id}/accept-transfer: the addressed member, signed in, with the mailed
     * token. The token works once (400 InvalidToken when unknown, used, expired, for someone else,
     * or when its offering owner is no longer an owner). Emits `tenant.ownership-transferred` and
     * two `member.role-changed`; both parties are mailed.
     */
    async accept(
      caller: { userId: string },
      tenantId: string,
      token: string,
      client: TenantContext['client'],
    ): Promise<AcceptTransferResult> {
      const { tenant } = await liveMembership(tenantId, caller.userId)
      const context = { ...onBehalfOf(tenantId, caller.userId, 'ownership-transfer'), client }
      const result = await write(context, async (tx, emit) => {
        const inTx = createLifecycleRepository(tx)
        const claimed = await inTx.claimTransfer(tenantId, sha256Hex(token), caller.userId, new Date())
        if (claimed === undefined) throw errors.invalidToken('tenants.transferTokenInvalid')
        const offering = await inTx.contactOf(tenantId, claimed.fromUserId)
        if (offering?.membershipRole !== 'owner' || offering.membershipStatus !== 'active') {
          throw errors.invalidToken('tenants.offeringOwnerGone')
        }
        const target = await inTx.contactOf(tenantId, caller.userId)
        if (target === undefined) throw errors.invalidToken('tenants.transferTokenInvalid')
        emit({
          type: 'tenant.ownership-transferred',
          subjectId: tenantId,
          payload: {
            id: tenantId,
            name: tenant.name,
            fromUserId: claimed.fromUserId,
            toUserId: caller.userId,
          },
        })
        const newOwner = await membershipWrites(tx).transferOwnership(
          tenantId,
          claimed.fromUserId,
          { userId: caller.userId, previousRole: target.membershipRole },
          emit,
        )
        if (newOwner === undefined) throw errors.invalidToken('tenants.transferTokenInvalid')
        const names = { tenant: tenant.name, slug: tenant.slug }
        await queueTenantNotice(
          deps.jobs,
          tenantId,
          {
            to: target.email,
            ...renderMail('transferAccepted', languageOf(target.language) ?? DEFAULT_LANGUAGE, names),
          },
          tx,
        )
        await queueTenantNotice(
          deps.jobs,
          tenantId,
          {
            to: offering.email,
            ...renderMail('transferred', languageOf(offering.language) ?? DEFAULT_LANGUAGE, {
              ...names,
              email: target.email,
            }),
          },
          tx,
        )
        return { membershipId: newOwner }
      })
      const owner = await deps.roles.resolve(tenant.id, 'owner')
      return {
        message: 'You are now the owner of this tenant.',
        membership: {
          id: result.membershipId,
          role: 'owner',
          roleMeta: owner === undefined ? null : roleMetaOf(owner, tenant.id),
          permissions: [...grantedBy(owner)],
          status: 'active',
        },
        tenant: {
          id: tenant.id,
          name: tenant.name,
          slug: tenant.slug,
          plan: tenant.plan,
          status: tenant.status,
          createdAt: tenant.createdAt.toISOString(),
        },
      }
    },
  }
}

export type OwnershipTransfers = ReturnType<typeof createOwnershipTransfers>
