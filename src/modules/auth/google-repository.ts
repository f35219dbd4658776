import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { externalIdentities, oauthFlows, users } from '../../db/schema/index.js'

const PROVIDER = 'google'
/** The unique index of a provider's subject: it belongs to one user at most. */
export const SUBJECT_KEY = 'external_identities_subject_key'
/** The primary key of links: one per provider per user. */
export const LINK_KEY = 'external_identities_user_id_provider_pk'

export interface FlowRow {
  browserHash: string
  mode: string
  userId: string | null
  nonce: string
  codeVerifier: string
}

/**
 * Google sign-in's queries: linked identities (one Google subject per user, one user per subject)
 * and the server-side flows between `/start` and `/callback`. Accounts are global: keyed by user id
 * or Google subject, never by tenant.
 */
export function createGoogleRepository(db: Db) {
  return {
    async insertFlow(values: {
      stateHash: string
      browserHash: string
      mode: 'signin' | 'link'
      userId: string | null
      nonce: string
      codeVerifier: string
      expiresAt: Date
    }) {
      await db.delete(oauthFlows).where(lt(oauthFlows.expiresAt, new Date()))
      await db.insert(oauthFlows).values({ ...values, provider: PROVIDER })
    },

    /** Deletes and returns a live flow in one statement, so a state works once even under races. */
    async takeFlow(stateHash: string): Promise<FlowRow | undefined> {
      const [row] = await db
        .delete(oauthFlows)
        .where(and(eq(oauthFlows.stateHash, stateHash), gt(oauthFlows.expiresAt, new Date())))
        .returning({
          browserHash: oauthFlows.browserHash,
          mode: oauthFlows.mode,
          userId: oauthFlows.userId,
          nonce: oauthFlows.nonce,
          codeVerifier: oauthFlows.codeVerifier,
        })
      return row
    },

    /** The user linked to a Google subject, with what sign-in needs of the account. */
    async findUserBySubject(subject: string) {
      const [row] = await db
        .select({ id: users.id, email: users.email, status: users.status })
        .from(externalIdentities)
        .innerJoin(users, eq(users.id, externalIdentities.userId))
        .where(and(eq(externalIdentities.provider, PROVIDER), eq(externalIdentities.subject, subject)))
        .limit(1)
      return row
    },

    /** The user's Google link, or undefined. */
    async findLink(userId: string) {
      const [row] = await db
        .select({
          subject: externalIdentities.subject,
          email: externalIdentities.email,
          createdAt: externalIdentities.createdAt,
        })
        .from(externalIdentities)
        .where(and(eq(externalIdentities.userId, userId), eq(externalIdentities.provider, PROVIDER)))
        .limit(1)
      return row
    },

    /** Links; a subject or user already linked violates a unique index (the caller maps it). */
    async insertLink(userId: string, subject: string, email: string | null) {
      await db.insert(externalIdentities).values({ userId, provider: PROVIDER, subject, email })
    },

    /** Unlinks; false when there was no link. */
    async deleteLink(userId: string): Promise<boolean> {
      const rows = await db
        .delete(externalIdentities)
        .where(and(eq(externalIdentities.userId, userId), eq(externalIdentities.provider, PROVIDER)))
        .returning({ userId: externalIdentities.userId })
      return rows.length > 0
    },

    async insertUser(values: {
      id: string
      email: string
      passwordHash: string
      firstName: string
      lastName: string
      emailVerifiedAt: Date
    }) {
      await db.insert(users).values(values)
    },
  }
}

export type GoogleRepository = ReturnType<typeof createGoogleRepository>
