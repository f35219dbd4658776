import { type Family, type Kernel, mount } from '../../family.js'
import type { AuthService } from '../auth/index.js'
import { accountDeletionRoutes, membershipsRoutes } from './deletion-routes.js'
import { createAccountService } from './deletion-service.js'
import { usersRoutes } from './profile-routes.js'
import { createUsersService } from './profile-service.js'
import { accountScreenRedirects } from './screen-redirects.js'

export type { AccountService } from './deletion-service.js'
export type { UsersService } from './profile-service.js'

/**
 * One's own account: the redirects of mailed links to Studio's screens (`/account/*`), the profile and password
 * (`/api/users/me*`), leaving a tenant (`/api/memberships/{id}/leave`) and deleting the account
 * (`DELETE /api/users/me` with its preflight).
 */
export function accountFamily(kernel: Kernel, deps: { auth: AuthService }) {
  const { db, config } = kernel
  const users = createUsersService({ auth: deps.auth })
  const account = createAccountService({
    db,
    events: kernel.events,
    auth: deps.auth,
    tenantDeletionGraceMs: config.tenantDeletionGraceMs,
  })
  const secureCookie = config.publicUrl.startsWith('https:')
  return {
    name: 'account',
    services: { users, account },
    pages: [mount(accountScreenRedirects, { prefix: '/account' })],
    adminRoutes: [
      mount(accountDeletionRoutes, { prefix: '/api/users', service: account, secureCookie }),
      mount(membershipsRoutes, { prefix: '/api/memberships', service: account }),
      mount(usersRoutes, { prefix: '/api/users', service: users, secureCookie }),
    ],
  } satisfies Family
}
