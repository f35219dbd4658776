import type { Db } from '../../db/client.js'
import { type Family, type Kernel, mount } from '../../family.js'
import type { RoleResolver } from '../roles/index.js'
import { createApiTokensRepository } from './repository.js'
import { apiTokensRoutes } from './routes.js'
import { createApiTokensService } from './service.js'

/**
 * Records that the token `tokenId` was used at `at` (its `last_used_at`; api-tokens owns
 * `api_tokens`, docs/architecture.md "Table ownership"). The auth guard's credentials call it,
 * handed over by the composition root, since this family depends on auth.
 */
export function apiTokenUse(db: Db) {
  const repository = createApiTokensRepository(db)
  return (tenantId: string, tokenId: string, at: Date) => repository.touchLastUsed(tenantId, tokenId, at)
}

/** API tokens (API contract: `/api/api-tokens`): created with a role and scopes, shown once. */
export function apiTokensFamily(kernel: Kernel, deps: { roles: RoleResolver }) {
  const apiTokens = createApiTokensService({ db: kernel.db, events: kernel.events, roles: deps.roles })
  return {
    name: 'api-tokens',
    services: { apiTokens },
    adminRoutes: [mount(apiTokensRoutes, { prefix: '/api/api-tokens', service: apiTokens })],
  } satisfies Family
}
