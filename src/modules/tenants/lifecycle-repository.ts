import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import {
  apiTokens,
  categories,
  contents,
  media,
  memberships,
  ownershipTransfers,
  tags,
  tenants,
  users,
} from '../../db/schema/index.js'

/** Tenant statuses of the deletion lifecycle (the row is removed once the purge finishes). */
export const DELETION_PENDING = 'deletion_pending'
export const PURGING = 'purging'

const lifecycleColumns = {
  id: tenants.id,
  name: tenants.name,
  slug: tenants.slug,
  plan: tenants.plan,
  status: tenants.status,
  createdAt: tenants.createdAt,
  deletedAt: tenants.deletedAt,
  deletionId: tenants.deletionId,
  deletionReason: tenants.deletionReason,
  purgeAfter: tenants.purgeAfter,
  cancelAtPeriodEnd: tenants.cancelAtPeriodEnd,
}

export interface LifecycleTenantRow {
  id: string
  name: string
  slug: string
  plan: string
  status: string
  createdAt: Date
  deletedAt: Date | null
  deletionId: string | null
  deletionReason: string | null
  purgeAfter: Date | null
  cancelAtPeriodEnd: boolean
}

/**
 * Queries of the tenant lifecycle: deletion, restore, acceptance and ownership transfer. Every
 * method takes the tenant first and keys every statement by it; `deletedOwnedBy` is global by
 * nature (a user's tenants span tenants).
 */
export function createLifecycleRepository(db: Db) {
  return {
    /** The tenant and the user's membership in it (any status), unless its purge has begun. */
    async tenantOfMember(tenantId: string, userId: string) {
      const [row] = await db
        .select({
          tenant: lifecycleColumns,
          membership: {
            id: memberships.id,
            role: memberships.role,
            status: memberships.status,
          },
        })
        .from(memberships)
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        .where(
          and(
            eq(memberships.tenantId, tenantId),
            eq(memberships.userId, userId),
            sql`${tenants.status} <> ${PURGING}`,
          ),
        )
      return row as
        | { tenant: LifecycleTenantRow; membership: { id: string; role: string; status: string } }
        | undefined
    },

    /** Rows that a purge would remove, by kind (deletion preflight). */
    async impact(tenantId: string) {
      const countOf = async (
        table: typeof contents | typeof media | typeof categories | typeof tags | typeof apiTokens,
      ) => {
        const [row] = await db.select({ n: count() }).from(table).where(eq(table.tenantId, tenantId))
        return row?.n ?? 0
      }
      const [members] = await db
        .select({ n: count() })
        .from(memberships)
        .where(and(eq(memberships.tenantId, tenantId), inArray(memberships.status, ['active', 'pending'])))
      return {
        members: members?.n ?? 0,
        contents: await countOf(contents),
        media: await countOf(media),
        categories: await countOf(categories),
        tags: await countOf(tags),
        apiTokens: await countOf(apiTokens),
      }
    },

    /** Marks an active tenant deleted; undefined when it was not active (a concurrent deletion). */
    async markDeleted(
      tenantId: string,
      values: {
        deletionId: string
        deletedBy: string
        deletionReason: string | null
        purgeAfter: Date
        cancelAtPeriodEnd: boolean
      },
    ): Promise<LifecycleTenantRow | undefined> {
      const [row] = await db
        .update(tenants)
        .set({ ...values, status: DELETION_PENDING, deletedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(tenants.id, tenantId), eq(tenants.status, 'active')))
        .returning(lifecycleColumns)
      return row
    },

    /** Brings a deleted tenant back while its grace period runs; undefined otherwise. */
    async markRestored(tenantId: string, now: Date): Promise<LifecycleTenantRow | undefined> {
      const [row] = await db
        .update(tenants)
        .set({
          status: 'active',
          deletedAt: null,
          deletionId: null,
          deletedBy: null,
          deletionReason: null,
          purgeAfter: null,
          cancelAtPeriodEnd: false,
          restoredAt: now,
          updatedAt: now,
        })
        .where(
          and(eq(tenants.id, tenantId), eq(tenants.status, DELETION_PENDING), gt(tenants.purgeAfter, now)),
        )
        .returning(lifecycleColumns)
      return row
    },

    /** The tenants in their grace period where the user is an active owner, oldest deletion first. */
    async deletedOwnedBy(userId: string) {
      return db
        .select(lifecycleColumns)
        .from(memberships)
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        .where(
          and(
            eq(memberships.userId, userId),
            eq(memberships.role, 'owner'),
            eq(memberships.status, 'active'),
            eq(tenants.status, DELETION_PENDING),
          ),
        )
        .orderBy(asc(tenants.deletedAt), asc(tenants.id))
    },

    /** E-mail and first name of the tenant's active members (lifecycle notices). */
    async activeMemberContacts(tenantId: string) {
      return db
        .select({ email: users.email, firstName: users.firstName, language: users.language })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.status, 'active')))
    },

    /** The active member with this (normalized) e-mail, or undefined. */
    async activeMemberByEmail(tenantId: string, email: string) {
      const [row] = await db
        .select({
          membershipId: memberships.id,
          userId: users.id,
          role: memberships.role,
          email: users.email,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.tenantId, tenantId),
            eq(memberships.status, 'active'),
            sql`lower(${users.email}) = ${email}`,
          ),
        )
      return row
    },

    /** Replaces the tenant's open transfer (if any) with a new one. */
    async replaceTransfer(
      tenantId: string,
      values: { id: string; fromUserId: string; toUserId: string; tokenHash: string; expiresAt: Date },
    ) {
      await db
        .delete(ownershipTransfers)
        .where(and(eq(ownershipTransfers.tenantId, tenantId), isNull(ownershipTransfers.acceptedAt)))
      await db.insert(ownershipTransfers).values({ tenantId, ...values })
    },

    /** The tenant's open, unexpired transfer: its addressee and dates, or undefined. */
    async openTransfer(tenantId: string, now: Date) {
      const [row] = await db
        .select({
          id: ownershipTransfers.id,
          email: users.email,
          expiresAt: ownershipTransfers.expiresAt,
          createdAt: ownershipTransfers.createdAt,
        })
        .from(ownershipTransfers)
        .innerJoin(users, eq(users.id, ownershipTransfers.toUserId))
        .where(
          and(
            eq(ownershipTransfers.tenantId, tenantId),
            isNull(ownershipTransfers.acceptedAt),
            gt(ownershipTransfers.expiresAt, now),
          ),
        )
        .limit(1)
      return row
    },

    /** Removes the tenant's open transfer; the removed one's id and addressee, or undefined. */
    async cancelTransfer(tenantId: string) {
      const [row] = await db
        .delete(ownershipTransfers)
        .where(and(eq(ownershipTransfers.tenantId, tenantId), isNull(ownershipTransfers.acceptedAt)))
        .returning({ id: ownershipTransfers.id, toUserId: ownershipTransfers.toUserId })
      return row
    },

    /**
     * Gives the open, unexpired transfer `transferId` a new token hash (the transfer mail's job
     * makes the token); its addressee, tenant and expiry, or undefined when it was accepted,
     * replaced or expired meanwhile.
     */
    async setTransferToken(tenantId: string, transferId: string, tokenHash: string, now: Date) {
      const [updated] = await db
        .update(ownershipTransfers)
        .set({ tokenHash, updatedAt: now })
        .where(
          and(
            eq(ownershipTransfers.tenantId, tenantId),
            eq(ownershipTransfers.id, transferId),
            isNull(ownershipTransfers.acceptedAt),
            gt(ownershipTransfers.expiresAt, now),
          ),
        )
        .returning({ toUserId: ownershipTransfers.toUserId, expiresAt: ownershipTransfers.expiresAt })
      if (updated === undefined) return undefined
      const [row] = await db
        .select({
          email: users.email,
          language: users.language,
          tenant: { id: tenants.id, name: tenants.name, slug: tenants.slug },
        })
        .from(users)
        .innerJoin(tenants, eq(tenants.id, tenantId))
        .where(eq(users.id, updated.toUserId))
      return row === undefined ? undefined : { ...row, expiresAt: updated.expiresAt }
    },

    /** The open, unexpired transfer of the tenant with this token hash: its addressee and tenant, or undefined. */
    async liveTransfer(tenantId: string, tokenHash: string, now: Date) {
      const [row] = await db
        .select({
          expiresAt: ownershipTransfers.expiresAt,
          email: users.email,
          tenant: { id: tenants.id, name: tenants.name, slug: tenants.slug, status: tenants.status },
        })
        .from(ownershipTransfers)
        .innerJoin(users, eq(users.id, ownershipTransfers.toUserId))
        .innerJoin(tenants, eq(tenants.id, ownershipTransfers.tenantId))
        .where(
          and(
            eq(ownershipTransfers.tenantId, tenantId),
            eq(ownershipTransfers.tokenHash, tokenHash),
            isNull(ownershipTransfers.acceptedAt),
            gt(ownershipTransfers.expiresAt, now),
          ),
        )
        .limit(1)
      return row
    },

    /**
     * Uses the transfer with this token hash addressed to `toUserId`, once: a used, expired or
     * unknown token gives undefined. Returns who offered it.
     */
    async claimTransfer(tenantId: string, tokenHash: string, toUserId: string, now: Date) {
      const [row] = await db
        .update(ownershipTransfers)
        .set({ acceptedAt: now, updatedAt: now })
        .where(
          and(
            eq(ownershipTransfers.tenantId, tenantId),
            eq(ownershipTransfers.tokenHash, tokenHash),
            eq(ownershipTransfers.toUserId, toUserId),
            isNull(ownershipTransfers.acceptedAt),
            gt(ownershipTransfers.expiresAt, now),
          ),
        )
        .returning({ id: ownershipTransfers.id, fromUserId: ownershipTransfers.fromUserId })
      return row
    },

    /** The user's e-mail and first name (transfer notices). */
    async contactOf(tenantId: string, userId: string) {
      const [row] = await db
        .select({
          email: users.email,
          firstName: users.firstName,
          language: users.language,
          membershipRole: memberships.role,
          membershipStatus: memberships.status,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)))
      return row
    },
  }
}

export type LifecycleRepository = ReturnType<typeof createLifecycleRepository>
