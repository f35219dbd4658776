import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { randomToken, sha256Hex } from '../../lib/hash.js'
import { newId } from '../../lib/ids.js'
import { API_TOKEN_PREFIX, type Credentials } from '../auth/credentials.js'
import { findSystemRole } from '../roles/catalog.js'
import { type ApiTokenRow, createApiTokensRepository } from './repository.js'
import type { ApiToken, CreateApiTokenBody, CreatedApiToken } from './schemas.js'

const DAY_MS = 24 * 60 * 60 * 1000

export interface ApiTokensServiceDeps {
  db: Db
  credentials: Pick<Credentials, 'forgetApiToken'>
}

/**
 * API token management (decisions.md "API tokens"; prior-art.md §9). Routes reach it through a
 * user session only, so tokens never mint tokens.
 */
export function createApiTokensService(deps: ApiTokensServiceDeps) {
  const { credentials } = deps
  const repository = createApiTokensRepository(deps.db)

  return {
    /**
     * Creates a token `folio_` + 32 random bytes (base64url) for `tenantId`; only its SHA-256 is
     * stored and the plaintext is returned here once. `expiresInDays` absent = never expires.
     * Throws 403 Forbidden when `role` ranks above the creator's own role.
     */
    async create(args: {
      tenantId: string
      userId: string
      /** The creator's role in the tenant, as the auth guard resolved it. */
      callerRole: string
      input: CreateApiTokenBody
    }): Promise<CreatedApiToken> {
      const { tenantId, userId, input } = args
      const role = input.role ?? 'viewer'
      const callerLevel = findSystemRole(args.callerRole)?.level ?? 0
      const grantedLevel = findSystemRole(role)?.level ?? Number.POSITIVE_INFINITY
      if (grantedLevel > callerLevel) {
        throw errors.forbidden(`You cannot create a token with the role "${role}", which ranks above yours.`)
      }
      const plaintext = `${API_TOKEN_PREFIX}${randomToken(32)}`
      const row = await repository.insert(tenantId, {
        id: newId(),
        name: input.name,
        tokenHash: sha256Hex(plaintext),
        role,
        scopes: [...(input.scopes ?? ['read'])],
        expiresAt:
          input.expiresInDays === undefined ? null : new Date(Date.now() + input.expiresInDays * DAY_MS),
        createdBy: userId,
      })
      const { createdBy: _createdBy, ...token } = toApiToken(row)
      return { token, plaintext }
    },

    /** The tenant's tokens, newest first, without hashes. */
    async list(tenantId: string): Promise<{ tokens: ApiToken[] }> {
      const rows = await repository.list(tenantId)
      return { tokens: rows.map(toApiToken) }
    },

    /**
     * Deletes a token and drops it from every instance's credential cache, so it is rejected on
     * the very next request. Throws 404 for an unknown id or another tenant's token.
     */
    async remove(tenantId: string, id: string): Promise<{ success: true }> {
      const tokenHash = await repository.delete(tenantId, id)
      if (tokenHash === undefined) throw errors.notFound('API token')
      await credentials.forgetApiToken(tokenHash)
      return { success: true }
    },
  }
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    scopes: row.scopes,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  }
}
