import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { sessions } from '../../db/schema/index.js'
import { randomToken } from '../../lib/hash.js'
import { newId } from '../../lib/ids.js'
import { type Credentials, SESSION_MAX_AGE_MS, SESSION_TOKEN_TTL_MS } from './credentials.js'

/**
 * What a client receives when a session starts or rotates (docs/decisions/auth.md "Session
 * lifetimes": token and expiresAt in the body).
 */
export interface IssuedSession {
  sessionId: string
  token: string
  csrfToken: string
  /** ISO 8601: when this token stops working (24 h, never past the session's 7-day cap). */
  expiresAt: string
}

/**
 * Server-side session lifecycle: start at login, rotate (refresh, tenant switch, invitation and
 * membership acceptance: new token id and CSRF token, so the previous token dies at once), move to
 * a tenant without rotating (tenant creation), revoke one or all.
 */
export function createSessionManager(deps: { db: Db; credentials: Credentials }) {
  const { db, credentials } = deps

  function issue(
    sessionId: string,
    userId: string,
    tokenId: string,
    csrfToken: string,
    sessionExpiresAt: Date,
  ) {
    const expiresAt = Math.min(Date.now() + SESSION_TOKEN_TTL_MS, sessionExpiresAt.getTime())
    return {
      sessionId,
      token: credentials.signSessionToken({ sub: userId, sid: sessionId, jti: tokenId }, expiresAt),
      csrfToken,
      expiresAt: new Date(expiresAt).toISOString(),
    }
  }

  return {
    async start(userId: string, tenantId: string | null): Promise<IssuedSession> {
      const id = newId()
      const tokenId = randomToken(16)
      const csrfToken = randomToken()
      const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_MS)
      await db.insert(sessions).values({ id, userId, tenantId, tokenId, csrfToken, expiresAt })
      return issue(id, userId, tokenId, csrfToken, expiresAt)
    },

    /**
     * New token id and CSRF token for a live session, optionally moving it to another tenant
     * (the caller has checked membership). Returns undefined when the session is gone.
     */
    async rotate(
      sessionId: string,
      change: { tenantId?: string | null } = {},
    ): Promise<IssuedSession | undefined> {
      const tokenId = randomToken(16)
      const csrfToken = randomToken()
      const [row] = await db
        .update(sessions)
        .set({
          tokenId,
          csrfToken,
          updatedAt: new Date(),
          ...('tenantId' in change ? { tenantId: change.tenantId } : {}),
        })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ userId: sessions.userId, expiresAt: sessions.expiresAt })
      if (row === undefined || row.expiresAt.getTime() <= Date.now()) return undefined
      return issue(sessionId, row.userId, tokenId, csrfToken, row.expiresAt)
    },

    /**
     * Makes `tenantId` the live session's active tenant and keeps its token and CSRF token (tenant
     * creation: the creator goes on with the token they hold). False when the session is gone.
     */
    async moveTo(sessionId: string, tenantId: string): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ tenantId, updatedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id })
      return rows.length > 0
    },

    async revoke(sessionId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    },

    /** Ends every session of a user (logout-all, password change or reset). */
    async revokeAllForUser(userId: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    },

    async tenantOf(sessionId: string): Promise<string | null> {
      const [row] = await db
        .select({ tenantId: sessions.tenantId })
        .from(sessions)
        .where(eq(sessions.id, sessionId))
      return row?.tenantId ?? null
    },
  }
}

export type SessionManager = ReturnType<typeof createSessionManager>
