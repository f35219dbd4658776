import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { memberships, sessions, tenants, users, userTokens } from '../../db/schema/index.js'
import { newId } from '../../lib/ids.js'

/** An account created by an invitation to an address without one: it cannot log in until accepted. */
export const INVITED_USER_STATUS = 'invited'
/** Stored instead of a password hash for invited accounts; it never verifies (lib/password.ts). */
const INVITED_PASSWORD = '!invited'

/** Membership statuses a user sees in their own lists; anything else (e.g. revoked) stays hidden. */
const VISIBLE_MEMBERSHIP_STATUSES = ['active', 'pending', 'inactive']

export type TokenPurpose = 'verify_email' | 'reset_password'

/**
 * Queries on accounts, their one-time tokens and their memberships. Accounts are global (a person
 * spans tenants), so these are keyed by user id or e-mail; tenant data is never read here except the
 * tenant summary a membership shows.
 */
export function createAuthRepository(db: Db) {
  /** Deletes the user's unused tokens of `purpose`, so links already mailed stop working. */
  const dropTokens = async (userId: string, purpose: TokenPurpose) => {
    await db
      .delete(userTokens)
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)))
  }

  return {
    /** The account for a normalised (lowercase) e-mail; matches the `lower(email)` unique index. */
    async findUserByEmail(email: string) {
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1)
      return row
    },

    async findUserById(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1)
      return row
    },

    async insertUser(values: {
      id: string
      email: string
      passwordHash: string
      firstName: string
      lastName: string
    }) {
      await db.insert(users).values(values)
    },

    /**
     * Stores a rehash of the same password, only while `previousHash` is still the stored one, so
     * a password changed meanwhile is never overwritten.
     */
    async upgradePasswordHash(userId: string, previousHash: string, passwordHash: string) {
      await db
        .update(users)
        .set({ passwordHash })
        .where(and(eq(users.id, userId), eq(users.passwordHash, previousHash)))
    },

    async touchLastLogin(userId: string) {
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId))
    },

    /** Marks the account verified; returns false when it already was. */
    /** Marks the address verified; the account's id and e-mail when it was not yet, else undefined. */
    async markEmailVerified(userId: string): Promise<{ id: string; email: string } | undefined> {
      const [row] = await db
        .update(users)
        .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
        .returning({ id: users.id, email: users.email })
      return row
    },

    /** Replaces the user's unused tokens of `purpose` with a new one (only the newest link works). */
    async replaceToken(userId: string, purpose: TokenPurpose, tokenHash: string, expiresAt: Date) {
      await dropTokens(userId, purpose)
      await db.insert(userTokens).values({ id: newId(), userId, purpose, tokenHash, expiresAt })
    },

    dropTokens,

    /** Spends a live token in one statement (so it works once even under races); its user id, or undefined. */
    async consumeToken(purpose: TokenPurpose, tokenHash: string): Promise<string | undefined> {
      const [row] = await db
        .update(userTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(userTokens.tokenHash, tokenHash),
            eq(userTokens.purpose, purpose),
            isNull(userTokens.usedAt),
            gt(userTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: userTokens.userId })
      return row?.userId
    },

    /** Whether a live (unused, unexpired) token of `purpose` has this hash; spends nothing. */
    async hasLiveToken(purpose: TokenPurpose, tokenHash: string): Promise<boolean> {
      const [row] = await db
        .select({ id: userTokens.id })
        .from(userTokens)
        .where(
          and(
            eq(userTokens.tokenHash, tokenHash),
            eq(userTokens.purpose, purpose),
            isNull(userTokens.usedAt),
            gt(userTokens.expiresAt, new Date()),
          ),
        )
        .limit(1)
      return row !== undefined
    },

    /**
     * Stores a new password hash (a reset: the mailbox was reached, so the address counts as
     * verified) and clears mustChangePassword; only for an active account. Its id and e-mail, or
     * undefined when none matched.
     */
    async resetPassword(userId: string, passwordHash: string) {
      const now = new Date()
      const rows = await db
        .update(users)
        .set({
          passwordHash,
          mustChangePassword: false,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
          updatedAt: now,
        })
        .where(and(eq(users.id, userId), eq(users.status, 'active')))
        .returning({ id: users.id, email: users.email })
      return rows[0]
    },

    /**
     * The account for a normalised e-mail, created as an invited account (no usable password,
     * empty names) when none exists. One statement that writes one row version either way (an
     * existing account gets a no-op update), so an invitation takes as long for a known address as
     * for an unknown one (no enumeration by timing).
     */
    async ensureInvitedAccount(email: string) {
      // Drizzle cannot name an expression index as the conflict target, hence the statement in SQL.
      const result = await db.execute(sql`
        insert into ${users} (id, email, password_hash, first_name, last_name, status, must_change_password)
        values (${newId()}, ${email}, ${INVITED_PASSWORD}, '', '', ${INVITED_USER_STATUS}, true)
        on conflict ((lower(email))) do update set updated_at = ${users}.updated_at
        returning id, email, status`)
      return (result as unknown as { rows: { id: string; email: string; status: string }[] }).rows[0]
    },

    /** Completes an invited account: its password and names; active and verified (the mailbox answered). */
    async completeInvitedAccount(
      userId: string,
      values: { passwordHash: string; firstName: string; lastName: string },
    ) {
      await db
        .update(users)
        .set({
          ...values,
          status: 'active',
          mustChangePassword: false,
          emailVerifiedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
    },

    /** Deletes an invited account no membership refers to any more (its invitations were all revoked). */
    async dropUnusedInvitedAccount(userId: string): Promise<void> {
      await db.execute(
        sql`delete from ${users} where ${users.id} = ${userId} and ${users.status} = ${INVITED_USER_STATUS}
            and not exists (select 1 from ${memberships} where ${memberships.userId} = ${userId})`,
      )
    },

    /** Applies a profile change; throws the unique violation `users_email_key` on a taken e-mail. */
    async updateProfile(
      userId: string,
      patch: {
        firstName?: string
        lastName?: string
        language?: string | null
        email?: string
        emailVerifiedAt?: Date | null
      },
    ) {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning()
      return row
    },

    /** Stores a new password hash and clears mustChangePassword (a password change). */
    async setPassword(userId: string, passwordHash: string) {
      await db
        .update(users)
        .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
        .where(eq(users.id, userId))
    },

    /**
     * Anonymises the account (docs/decisions/accounts.md "Deleting an account anonymises it"): the
     * address is freed, names and password are gone, status `deleted`; the row stays so that
     * records naming it keep their reference.
     */
    async anonymize(userId: string, passwordHash: string): Promise<void> {
      await db
        .update(users)
        .set({
          email: `deleted+${userId}@users.invalid`,
          firstName: 'Deleted',
          lastName: 'User',
          passwordHash,
          status: 'deleted',
          language: null,
          emailVerifiedAt: null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
    },

    /** Ends every live session of the user (password reset, account deletion; sessions.ts: the rest). */
    async revokeSessions(userId: string) {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    },

    /** Every visible membership of a user with its tenant, in one join (no query per membership). */
    listMemberships(userId: string) {
      return db
        .select({
          id: memberships.id,
          tenantId: memberships.tenantId,
          role: memberships.role,
          status: memberships.status,
          tenant: {
            id: tenants.id,
            name: tenants.name,
            slug: tenants.slug,
            plan: tenants.plan,
            status: tenants.status,
            createdAt: tenants.createdAt,
          },
        })
        .from(memberships)
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        .where(
          and(
            eq(memberships.userId, userId),
            inArray(memberships.status, VISIBLE_MEMBERSHIP_STATUSES),
            isNull(tenants.deletedAt),
          ),
        )
        .orderBy(asc(memberships.createdAt), asc(memberships.id))
    },
  }
}

export type AuthRepository = ReturnType<typeof createAuthRepository>
export type UserRow = NonNullable<Awaited<ReturnType<AuthRepository['findUserById']>>>
export type MembershipRow = Awaited<ReturnType<AuthRepository['listMemberships']>>[number]
