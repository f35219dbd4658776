import type { Db } from '../../db/client.js'
import { type Family, job, type Kernel, mount } from '../../family.js'
import type { AuthService, Credentials } from '../auth/index.js'
import type { RoleResolver } from '../roles/index.js'
import type { TenantMailer, TenantSettingsReader } from '../tenant-settings/index.js'
import { invitationRoutes } from './invitation-routes.js'
import { createInvitations, INVITATION_MAIL_JOB, type InvitationMailJob } from './invitations.js'
import { createMembersRepository } from './repository.js'
import { membersRoutes } from './routes.js'
import { createMembersService } from './service.js'

export type { Invitations } from './invitations.js'
export { membershipWrites, roleHolders } from './membership-writes.js'
export type { MembersService } from './service.js'

/**
 * The last-owner guard's steps in the caller's transaction `tx`, for writes of other families that
 * change memberships (leaving a tenant, deleting an account; `membershipWrites`): `lock` takes the
 * tenant's owner lock (transaction-scoped) that every such change holds while it counts owners.
 */
export function ownerGuard(tx: Db) {
  const repository = createMembersRepository(tx)
  return {
    lock: (tenantId: string) => repository.lockOwners(tenantId),
    activeOwners: (tenantId: string) => repository.countActiveOwners(tenantId),
  }
}

/**
 * A tenant's members and invitations (API contract: `/api/users` as members, `/api/users/invite`,
 * `/api/auth/invitations/*`): roles and status of members, inviting by mail, accepting.
 */
export function membersFamily(
  kernel: Kernel,
  deps: {
    auth: AuthService
    credentials: Credentials
    roles: RoleResolver
    settings: TenantSettingsReader
    tenantMailer: TenantMailer
  },
) {
  const { db, config, platform } = kernel
  const invitations = createInvitations({
    db,
    config,
    events: kernel.events,
    mailer: deps.tenantMailer,
    jobs: platform.jobs,
    auth: deps.auth,
  })
  const members = createMembersService({
    db,
    events: kernel.events,
    roles: deps.roles,
    settings: deps.settings,
    invitations,
  })
  return {
    name: 'members',
    services: { invitations, members },
    adminRoutes: [
      mount(invitationRoutes, {
        prefix: '/api/auth/invitations',
        service: invitations,
        credentials: deps.credentials,
        secureCookie: config.publicUrl.startsWith('https:'),
      }),
      mount(membersRoutes, { prefix: '/api/users', service: members }),
    ],
    jobs: [
      // A tenant's SMTP server that refuses, or its mail limit, delays the invitation; the last
      // retry leaves the job failed, and the admin can re-send the invitation.
      job<InvitationMailJob>(INVITATION_MAIL_JOB, (data) => invitations.mailInvitation(data), {
        retryLimit: 5,
        retryDelaySeconds: 30,
        retryBackoff: true,
      }),
    ],
  } satisfies Family
}
