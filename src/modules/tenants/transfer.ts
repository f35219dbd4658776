import type { TenantContext } from '../../context.js'
import { onBehalfOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type EventSink, inTransaction } from '../../events/event-log.js'
import { randomToken, sha256Hex } from '../../lib/hash.js'
import { newId } from '../../lib/ids.js'
import type { Mailer } from '../../mail/mailer.js'
import { normalizeEmail } from '../auth/email.js'
import { grantedBy, type RoleResolver, roleMetaOf } from '../roles/resolver.js'
import { createLifecycleRepository } from './lifecycle-repository.js'
import type { AcceptTransferResult, TransferPreview, TransferRequested } from './schemas.js'

/** decisions.md "Authentication": an ownership transfer token lives 7 days. */
export const TRANSFER_TTL_MS = 7 * 24 * 60 * 60 * 1000

export interface TransferDeps {
  roles: RoleResolver
  db: Db
  events: EventSink
  config: { appUrl: string }
  passwords: { verifyCurrentPassword(userId: string, password: string): Promise<void> }
  mailer: Mailer
  onMailError?: (err: unknown) => void
}

/**
 * Ownership transfer (prior-art.md §7.4, without its weaknesses: the token is never answered, only
 * mailed; it is stored as a SHA-256 and works once). The target must already be an active member of
 * the tenant: ownership goes to someone the tenant knows, and no account or membership is made as
 * a side effect. On acceptance the target becomes owner and the offering owner becomes admin.
 */
export function createOwnershipTransfers(deps: TransferDeps) {
  const { db } = deps
  const repository = createLifecycleRepository(db)

  async function mail(to: string, subject: string, lines: string[]) {
    await deps.mailer
      .send({ to, subject, text: lines.join('\n') })
      .catch((err: unknown) => deps.onMailError?.(err))
  }

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
     * 400 ValidationFailed when `email` is no other active member (or already an owner).
     */
    async request(
      caller: { userId: string },
      tenantId: string,
      body: { email: string; password: string },
      client: TenantContext['client'],
    ): Promise<TransferRequested> {
      const { tenant, membership } = await liveMembership(tenantId, caller.userId)
      if (membership.role !== 'owner') throw errors.forbidden('Only an owner can transfer the tenant.')
      await deps.passwords.verifyCurrentPassword(caller.userId, body.password)
      const target = await repository.activeMemberByEmail(tenantId, normalizeEmail(body.email))
      if (target === undefined || target.userId === caller.userId) {
        throw errors.validation(
          'email must be the address of another active member of this tenant; invite them first.',
        )
      }
      if (target.role === 'owner') throw errors.validation('email names a member who is already an owner.')
      const token = randomToken()
      const expiresAt = new Date(Date.now() + TRANSFER_TTL_MS)
      const transferId = newId()
      const context = { ...onBehalfOf(tenantId, caller.userId, 'ownership-transfer'), client }
      await inTransaction(db, context, deps.events, async (tx, emit) => {
        await createLifecycleRepository(tx).replaceTransfer(tenantId, {
          id: transferId,
          fromUserId: caller.userId,
          toUserId: target.userId,
          tokenHash: sha256Hex(token),
          expiresAt,
        })
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
      const pageUrl = `${deps.config.appUrl}/account/accept-transfer?tenant=${tenantId}`
      await mail(target.email, `You are offered the ownership of "${tenant.name}"`, [
        `The owner of the tenant "${tenant.name}" (${tenant.slug}) offers you its ownership. Accept it by opening this link and signing in as ${target.email}:`,
        '',
        `${pageUrl}&token=${token}`,
        '',
        'Or open the page below and paste the transfer code:',
        '',
        pageUrl,
        '',
        token,
        '',
        `The code works once and expires at ${expiresAt.toISOString()}. If you do not want the`,
        'ownership, ignore this e-mail.',
      ])
      return {
        message: `An ownership transfer was offered to ${target.email}.`,
        transfer: { id: transferId, email: target.email, expiresAt: expiresAt.toISOString() },
      }
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
        throw errors.invalidToken('The transfer token is invalid, used or expired.')
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
      const result = await inTransaction(db, context, deps.events, async (tx, emit) => {
        const inTx = createLifecycleRepository(tx)
        const claimed = await inTx.claimTransfer(tenantId, sha256Hex(token), caller.userId, new Date())
        if (claimed === undefined)
          throw errors.invalidToken('The transfer token is invalid, used or expired.')
        const offering = await inTx.contactOf(tenantId, claimed.fromUserId)
        if (offering?.membershipRole !== 'owner' || offering.membershipStatus !== 'active') {
          throw errors.invalidToken('The owner who offered this transfer is no longer an owner.')
        }
        const target = await inTx.contactOf(tenantId, caller.userId)
        const newOwner = await inTx.setRole(tenantId, caller.userId, 'owner')
        const formerOwner = await inTx.setRole(tenantId, claimed.fromUserId, 'admin')
        if (newOwner === undefined || formerOwner === undefined || target === undefined) {
          throw errors.invalidToken('The transfer token is invalid, used or expired.')
        }
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
        emit({
          type: 'member.role-changed',
          subjectId: newOwner,
          payload: {
            id: newOwner,
            userId: caller.userId,
            role: 'owner',
            previousRole: target.membershipRole,
          },
        })
        emit({
          type: 'member.role-changed',
          subjectId: formerOwner,
          payload: { id: formerOwner, userId: claimed.fromUserId, role: 'admin', previousRole: 'owner' },
        })
        return { membershipId: newOwner, target, offering }
      })
      await mail(result.target.email, `You now own "${tenant.name}"`, [
        `You accepted the ownership of the tenant "${tenant.name}" (${tenant.slug}); you are its owner now.`,
      ])
      await mail(result.offering.email, `The ownership of "${tenant.name}" was transferred`, [
        `${result.target.email} accepted the ownership of the tenant "${tenant.name}" (${tenant.slug}).`,
        'You remain a member with the admin role.',
      ])
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
