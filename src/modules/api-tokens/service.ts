import { type TenantContext, userIdOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import { randomToken, sha256Hex } from '../../lib/hash.js'
import { newId } from '../../lib/ids.js'
import { API_TOKEN_PREFIX } from '../auth/index.js'
import type { RoleResolver } from '../roles/index.js'
import { assertCanGrant } from '../roles/index.js'
import { type ApiTokenRow, createApiTokensRepository } from './repository.js'
import type { ApiToken, CreateApiTokenBody, CreatedApiToken } from './schemas.js'

const DAY_MS = 24 * 60 * 60 * 1000

export interface ApiTokensServiceDeps {
  db: Db
  events: EventSink
  roles: RoleResolver
}

/**
 * API token management (docs/decisions/auth.md "API tokens"). Routes reach it through a user
 * session only, so tokens never mint tokens. Writes emit `api-token.created` / `.deleted` (name,
 * role, scopes; never the token or its hash); credential caches drop a deleted token on that event.
 */
export function createApiTokensService(deps: ApiTokensServiceDeps) {
  const repository = createApiTokensRepository(deps.db)
  const write = transactional(deps.db, deps.events)

  return {
    /**
     * Creates a token `folio_` + 32 random bytes (base64url) for `tenantId`; only its SHA-256 is
     * stored and the plaintext is returned here once. `expiresInDays` absent = never expires.
     * Throws 403 Forbidden unless the creator may grant `role` (`assertCanGrant`: its level and
     * every one of its permissions); in use, the token never acts beyond its creator's current role.
     */
    async create(
      context: TenantContext,
      args: {
        /** The creator's role in the tenant, as the auth guard resolved it. */
        callerRole: string
        input: CreateApiTokenBody
      },
    ): Promise<CreatedApiToken> {
      const { input } = args
      const role = input.role ?? 'viewer'
      const granted = await deps.roles.resolve(context.tenantId, role)
      if (granted === undefined) throw errors.validation(phrase('members.unknownRole', { role }))
      assertCanGrant(await deps.roles.resolve(context.tenantId, args.callerRole), granted)
      const createdBy = userIdOf(context)
      if (createdBy === null) throw errors.forbidden('apiTokens.signedInOnly')
      const plaintext = `${API_TOKEN_PREFIX}${randomToken(32)}`
      const values = {
        id: newId(),
        name: input.name,
        tokenHash: sha256Hex(plaintext),
        role,
        scopes: [...(input.scopes ?? ['read'])] as string[],
        expiresAt:
          input.expiresInDays === undefined ? null : new Date(Date.now() + input.expiresInDays * DAY_MS),
        createdBy,
      }
      const token = await write(context, async (tx, emit) => {
        const { createdBy: _createdBy, ...token } = toApiToken(
          await createApiTokensRepository(tx).insert(context.tenantId, values),
        )
        emit({
          type: 'api-token.created',
          subjectId: token.id,
          payload: { id: token.id, name: token.name, role: token.role, scopes: token.scopes },
        })
        return token
      })
      return { token, plaintext }
    },

    /** The tenant's tokens, newest first, without hashes. */
    async list(context: TenantContext): Promise<{ tokens: ApiToken[] }> {
      const rows = await repository.list(context.tenantId)
      return { tokens: rows.map(toApiToken) }
    },

    /**
     * Deletes a token and drops it from every instance's credential cache, so it is rejected on
     * the very next request. Throws 404 for an unknown id or another tenant's token.
     */
    async remove(context: TenantContext, id: string): Promise<{ success: true }> {
      await write(context, async (tx, emit) => {
        const deleted = await createApiTokensRepository(tx).delete(context.tenantId, id)
        if (deleted === undefined) throw errors.notFound('API token')
        emit({ type: 'api-token.deleted', subjectId: id, payload: { id, name: deleted.name } })
      })
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
