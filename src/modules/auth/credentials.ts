import { and, eq, isNull, or, type SQL } from 'drizzle-orm'
import { createSigner, createVerifier } from 'fast-jwt'
import { LRUCache } from 'lru-cache'
import type { ApiTokenPrincipal, Principal, SessionPrincipal } from '../../context.js'
import type { Db } from '../../db/client.js'
import { apiTokens, memberships, sessions, tenants, users } from '../../db/schema/index.js'
import { errors } from '../../errors.js'
import { sha256Hex } from '../../lib/hash.js'
import { entriesBound } from '../../lib/lru.js'
import { type Permission, permissionsOfApiToken } from '../../permissions.js'
import { grantedBy, type RoleResolver } from '../roles/index.js'

/**
 * Session token lifetime (docs/decisions/auth.md "Session lifetimes": 24 h, renewable by refresh up
 * to 7 days from login).
 */
export const SESSION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
export const API_TOKEN_PREFIX = 'folio_'

export type { ApiTokenPrincipal, Principal, SessionPrincipal } from '../../context.js'

export interface SessionClaims {
  sub: string
  sid: string
  jti: string
}

interface CachedApiToken {
  principal: ApiTokenPrincipal
  expiresAt: number | null
  tokenHash: string
}

/**
 * Turns a presented credential into a principal, or throws 401. Sessions are checked against their
 * row on every request (so logout and password changes take effect at once); API tokens are cached
 * for `apiTokenCacheMs` and dropped on every instance when deleted (`forgetApiToken`, called by
 * the `api-token.deleted` listener on the event bus) or when their tenant's roles or members change
 * (`forgetTenant`). Roles resolve through `roles` (tenant custom roles included).
 *
 * A token acts for its creator and never beyond them: its permissions are those of its role that
 * the creator's current role also grants, so a demoted creator's tokens lose what the creator lost,
 * and a creator who is no longer an active member leaves them nothing (401, as for an unknown
 * token: the credential no longer stands for anyone).
 */
export function createCredentials(deps: {
  db: Db
  appSecret: string
  roles: RoleResolver
  /** Stores an API token's `last_used_at` (the api-tokens family's `apiTokenUse`). */
  recordApiTokenUse: (tenantId: string, tokenId: string, at: Date) => Promise<void>
  apiTokenCacheMs?: number
}) {
  const { db, roles } = deps
  const sign = createSigner({ key: deps.appSecret, algorithm: 'HS256' })
  const verify = createVerifier({ key: deps.appSecret, algorithms: ['HS256'], cache: 1000 })
  const tokenCache = new LRUCache<string, CachedApiToken>({
    ...entriesBound(10_000),
    ttl: deps.apiTokenCacheMs ?? 30_000,
  })
  const lastUsedWritten = new LRUCache<string, number>(entriesBound(10_000))
  // Bumped by every invalidation: a lookup that raced one (it read the membership before a
  // demotion committed) is answered but not cached, so the next request reads the new role.
  let generation = 0

  return {
    /** Signs a session JWT that expires at `expiresAt` (ms since epoch). */
    signSessionToken(claims: SessionClaims, expiresAt: number): string {
      return sign({ ...claims, exp: Math.floor(expiresAt / 1000) })
    },

    /** A Bearer token: an API token (`folio_…`) or a session token. */
    authenticateBearer(token: string): Promise<Principal> {
      return token.startsWith(API_TOKEN_PREFIX)
        ? this.authenticateApiToken(token)
        : this.authenticateSession(token)
    },

    async authenticateSession(token: string): Promise<SessionPrincipal> {
      let claims: SessionClaims
      try {
        claims = verify(token) as SessionClaims
      } catch {
        throw errors.unauthorized('auth.sessionTokenInvalid')
      }
      const [row] = await db
        .select({
          userId: sessions.userId,
          tokenId: sessions.tokenId,
          csrfToken: sessions.csrfToken,
          tenantId: sessions.tenantId,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          userStatus: users.status,
          email: users.email,
          emailVerifiedAt: users.emailVerifiedAt,
          language: users.language,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, claims.sid))
        .limit(1)
      if (
        row === undefined ||
        row.revokedAt !== null ||
        row.userId !== claims.sub ||
        row.expiresAt.getTime() <= Date.now() ||
        row.userStatus !== 'active'
      ) {
        throw errors.unauthorized('common.sessionEnded')
      }
      // A live session whose token id moved on: refresh, tenant switch or tenant creation rotated it.
      if (row.tokenId !== claims.jti) {
        throw errors.unauthorized('auth.sessionTokenReplaced')
      }
      return {
        kind: 'user',
        userId: row.userId,
        sessionId: claims.sid,
        csrfToken: row.csrfToken,
        sessionTenantId: row.tenantId,
        email: row.email,
        emailVerified: row.emailVerifiedAt !== null,
        language: row.language,
      }
    },

    async authenticateApiToken(token: string): Promise<ApiTokenPrincipal> {
      if (!token.startsWith(API_TOKEN_PREFIX)) throw errors.unauthorized('auth.apiTokenInvalid')
      const tokenHash = sha256Hex(token)
      let cached = tokenCache.get(tokenHash)
      if (cached === undefined) {
        const loadedIn = generation
        cached = await loadApiToken(eq(apiTokens.tokenHash, tokenHash))
        if (cached === undefined) throw errors.unauthorized('auth.apiTokenInvalid')
        if (generation === loadedIn) tokenCache.set(tokenHash, cached)
      }
      if (cached.expiresAt !== null && cached.expiresAt <= Date.now()) {
        throw errors.unauthorized('auth.apiTokenExpired')
      }
      recordUse(cached.principal)
      return cached.principal
    },

    /**
     * What the API token `tokenId` of `tenantId` may do now (as `authenticateApiToken` computes it,
     * read afresh): none when it is gone or expired, or its creator is no longer an active member.
     * Draft preview tokens an API token asked for check it at each read (docs/decisions/preview.md).
     */
    async apiTokenPermissions(tenantId: string, tokenId: string): Promise<ReadonlySet<Permission>> {
      const found = await loadApiToken(
        and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.id, tokenId)) as SQL,
      )
      if (found === undefined || (found.expiresAt !== null && found.expiresAt <= Date.now())) return new Set()
      return found.principal.permissions
    },

    /** The caller's active membership role in `tenantId`, or undefined (not a member, or inactive). */
    async membershipRole(userId: string, tenantId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ role: memberships.role })
        .from(memberships)
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        .where(
          and(
            eq(memberships.tenantId, tenantId),
            eq(memberships.userId, userId),
            eq(memberships.status, 'active'),
            eq(tenants.status, 'active'),
          ),
        )
        .limit(1)
      return row?.role
    },

    /** The expanded permissions of `role` in the tenant; none for an unknown role (fail closed). */
    async rolePermissions(tenantId: string, role: string): Promise<ReadonlySet<Permission>> {
      return grantedBy(await roles.resolve(tenantId, role))
    },

    /** Drops the tenant's cached tokens (its roles or members changed; rare: a scan is fine). */
    forgetTenant(tenantId: string): void {
      generation++
      for (const [tokenHash, cached] of tokenCache.entries()) {
        if (cached.principal.tenantId === tenantId) tokenCache.delete(tokenHash)
      }
    },

    /** Drops every cached token (this instance may have missed invalidations). */
    forgetAll(): void {
      generation++
      tokenCache.clear()
    },

    /** Drops a deleted token from this instance's cache (deletions are rare: a scan is fine). */
    forgetApiToken(tokenId: string): void {
      generation++
      for (const [tokenHash, cached] of tokenCache.entries()) {
        if (cached.principal.tokenId === tokenId) tokenCache.delete(tokenHash)
      }
    },
  }

  /**
   * The API token `where` finds, as a principal with its expiry; undefined when there is none or
   * its creator is no longer an active member of its tenant.
   */
  async function loadApiToken(where: SQL): Promise<CachedApiToken | undefined> {
    const [row] = await db
      .select({
        id: apiTokens.id,
        name: apiTokens.name,
        tenantId: apiTokens.tenantId,
        role: apiTokens.role,
        scopes: apiTokens.scopes,
        expiresAt: apiTokens.expiresAt,
        createdBy: apiTokens.createdBy,
        tokenHash: apiTokens.tokenHash,
        creatorRole: memberships.role,
      })
      .from(apiTokens)
      // The tenant's liveness is the auth guard's to check (a token of a deleted tenant answers 404).
      .leftJoin(
        memberships,
        and(eq(memberships.tenantId, apiTokens.tenantId), eq(memberships.userId, apiTokens.createdBy)),
      )
      .where(and(where, or(isNull(apiTokens.createdBy), eq(memberships.status, 'active'))))
      .limit(1)
    if (row === undefined) return undefined
    const own = await roles.resolve(row.tenantId, row.role)
    // No creator recorded (their user row is gone): nobody to cap by, the token's own role holds.
    const creator = row.createdBy === null ? own : await roles.resolve(row.tenantId, row.creatorRole ?? '')
    const ownGranted = grantedBy(own)
    const creatorGranted = grantedBy(creator)
    return {
      principal: {
        kind: 'apiToken',
        tokenId: row.id,
        name: row.name,
        tenantId: row.tenantId,
        role: row.role,
        actingRole: (creator?.level ?? 0) < (own?.level ?? 0) ? (row.creatorRole ?? '') : row.role,
        scopes: row.scopes,
        permissions: permissionsOfApiToken(
          [...ownGranted].filter((permission) => creatorGranted.has(permission)),
          row.scopes,
        ),
      },
      expiresAt: row.expiresAt?.getTime() ?? null,
      tokenHash: row.tokenHash,
    }
  }

  /** `last_used_at` is written at most once a minute per token, off the request path. */
  function recordUse(principal: ApiTokenPrincipal) {
    const now = Date.now()
    const last = lastUsedWritten.get(principal.tokenId)
    if (last !== undefined && now - last < 60_000) return
    lastUsedWritten.set(principal.tokenId, now)
    deps
      .recordApiTokenUse(principal.tenantId, principal.tokenId, new Date(now))
      .catch(() => lastUsedWritten.delete(principal.tokenId))
  }
}

export type Credentials = ReturnType<typeof createCredentials>
