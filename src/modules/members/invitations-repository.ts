import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { invitations, memberships, tenants, users } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'

/**
 * Invitation tokens and the memberships they lead to. Tokens are looked up by their SHA-256 before
 * the tenant is known (global unique index); every other statement names the tenant first.
 */
export function createInvitationsRepository(db: Db) {
  return {
    /** Sets the membership's live token (a new one replaces the previous: re-invite rotates). */
    async upsert(
      tenantId: string,
      values: { membershipId: string; tokenHash: string; expiresAt: Date; invitedBy: string | null },
    ) {
      await db
        .insert(invitations)
        .values({ tenantId, id: newId(), ...values })
        .onConflictDoUpdate({
          target: [invitations.tenantId, invitations.membershipId],
          set: {
            tokenHash: values.tokenHash,
            expiresAt: values.expiresAt,
            invitedBy: values.invitedBy,
            updatedAt: new Date(),
          },
        })
    },

    /**
     * Sets the token hash of the membership's invitation while the membership is pending and the
     * invitation unexpired; what its mail needs (address, account status and language, role, tenant
     * name, expiry, the inviter's language), or undefined when it was accepted, revoked or expired
     * meanwhile.
     */
    async setToken(tenantId: string, membershipId: string, tokenHash: string) {
      const now = new Date()
      const [updated] = await db
        .update(invitations)
        .set({ tokenHash, updatedAt: now })
        .where(
          and(
            eq(invitations.tenantId, tenantId),
            eq(invitations.membershipId, membershipId),
            gt(invitations.expiresAt, now),
          ),
        )
        .returning({ expiresAt: invitations.expiresAt, invitedBy: invitations.invitedBy })
      if (updated === undefined) return undefined
      const [row] = await db
        .select({
          email: users.email,
          userStatus: users.status,
          language: users.language,
          role: memberships.role,
          tenantName: tenants.name,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        .where(
          and(
            eq(memberships.tenantId, tenantId),
            eq(memberships.id, membershipId),
            eq(memberships.status, 'pending'),
            eq(tenants.status, 'active'),
          ),
        )
      if (row === undefined) return undefined
      const [inviter] =
        updated.invitedBy === null
          ? []
          : await db.select({ language: users.language }).from(users).where(eq(users.id, updated.invitedBy))
      return { ...row, expiresAt: updated.expiresAt, inviterLanguage: inviter?.language ?? null }
    },

    /** The live invitation with this token hash, with its membership, account and tenant, or undefined. */
    async findLive(tokenHash: string) {
      const [row] = await db
        .select({
          id: invitations.id,
          tenantId: invitations.tenantId,
          expiresAt: invitations.expiresAt,
          membershipId: memberships.id,
          role: memberships.role,
          status: memberships.status,
          user: {
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            status: users.status,
          },
          tenant: {
            id: tenants.id,
            name: tenants.name,
            slug: tenants.slug,
            plan: tenants.plan,
            status: tenants.status,
          },
        })
        .from(invitations)
        .innerJoin(
          memberships,
          and(eq(memberships.tenantId, invitations.tenantId), eq(memberships.id, invitations.membershipId)),
        )
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(tenants, eq(tenants.id, invitations.tenantId))
        .where(eq(invitations.tokenHash, tokenHash))
        .limit(1)
      if (row === undefined) return undefined
      const live =
        row.expiresAt.getTime() > Date.now() && row.status === 'pending' && row.tenant.status === 'active'
      return live ? row : undefined
    },

    /** Spends the invitation (deletes it) once; false when another request spent it first. */
    async spend(tenantId: string, id: string, tokenHash: string): Promise<boolean> {
      const rows = await db
        .delete(invitations)
        .where(
          and(
            eq(invitations.tenantId, tenantId),
            eq(invitations.id, id),
            eq(invitations.tokenHash, tokenHash),
          ),
        )
        .returning({ id: invitations.id })
      return rows.length > 0
    },

    /** Activates the pending membership. */
    async activate(tenantId: string, membershipId: string, acceptedAt: Date): Promise<void> {
      await db
        .update(memberships)
        .set({ status: 'active', acceptedAt, updatedAt: acceptedAt })
        .where(
          and(
            eq(memberships.tenantId, tenantId),
            eq(memberships.id, membershipId),
            eq(memberships.status, 'pending'),
          ),
        )
    },
  }
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>
