import { type Family, type Kernel, mount } from '../../family.js'
import type { RoleResolver } from '../roles/index.js'
import { apiTokensRoutes } from './routes.js'
import { createApiTokensService } from './service.js'

/** API tokens (API contract: `/api/api-tokens`): created with a role and scopes, shown once. */
export function apiTokensFamily(kernel: Kernel, deps: { roles: RoleResolver }) {
  const apiTokens = createApiTokensService({ db: kernel.db, events: kernel.events, roles: deps.roles })
  return {
    name: 'api-tokens',
    services: { apiTokens },
    adminRoutes: [mount(apiTokensRoutes, { prefix: '/api/api-tokens', service: apiTokens })],
  } satisfies Family
}
