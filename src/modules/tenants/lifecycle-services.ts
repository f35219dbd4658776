import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import type { EventSink } from '../../events/event-log.js'
import type { JobRunner } from '../../jobs/runner.js'
import type { AuthService } from '../auth/index.js'
import type { RoleResolver } from '../roles/index.js'
import type { TenantMailer } from '../tenant-settings/index.js'
import { createTenantLifecycle } from './lifecycle.js'
import { createOnboarding } from './onboarding.js'
import { createTenantPurger } from './purge.js'
import { createOwnershipTransfers } from './transfer.js'

/**
 * The tenant lifecycle's services, built together: deletion and restore, ownership transfer,
 * creation options and acceptance, and the purge.
 * `purger.registerCleanup` is where data kept outside the database (media objects) joins the purge.
 */
export function createTenantLifecycleServices(deps: {
  db: Db
  config: Readonly<Config>
  events: EventSink
  auth: Pick<AuthService, 'verifyCurrentPassword' | 'sessions'>
  mailer: TenantMailer
  jobs: Pick<JobRunner, 'send'>
  roles: RoleResolver
}) {
  const { db, config, events, auth, mailer, jobs, roles } = deps
  const purger = createTenantPurger({ db })
  const transfers = createOwnershipTransfers({ db, events, config, passwords: auth, mailer, roles, jobs })
  return {
    deletion: createTenantLifecycle({ db, events, config, passwords: auth, jobs }),
    transfers,
    onboarding: createOnboarding({ db, events, config, sessions: auth.sessions, roles }),
    purger,
  }
}

export type TenantLifecycleServices = ReturnType<typeof createTenantLifecycleServices>
