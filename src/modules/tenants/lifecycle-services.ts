import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import type { EventSink } from '../../events/event-log.js'
import type { JobRunner } from '../../jobs/runner.js'
import type { Mailer } from '../../mail/mailer.js'
import type { AuthService } from '../auth/service.js'
import type { RoleResolver } from '../roles/resolver.js'
import { createTenantLifecycle } from './lifecycle.js'
import { createOnboarding } from './onboarding.js'
import { createTenantPurger, registerPurgeJobs } from './purge.js'
import { createOwnershipTransfers, TRANSFER_MAIL_JOB, type TransferMailJob } from './transfer.js'

/**
 * The tenant lifecycle's services, built together (composition root: services.ts): deletion and
 * restore, ownership transfer, creation options and acceptance, and the purge with its jobs.
 * `purger.registerCleanup` is where data kept outside the database (media objects) joins the purge.
 */
export function createTenantLifecycleServices(deps: {
  db: Db
  config: Readonly<Config>
  events: EventSink
  auth: Pick<AuthService, 'verifyCurrentPassword' | 'sessions'>
  mailer: Mailer
  jobs: Pick<JobRunner, 'handle' | 'every' | 'send'>
  roles: RoleResolver
}) {
  const { db, config, events, auth, mailer, jobs, roles } = deps
  const purger = createTenantPurger({ db })
  registerPurgeJobs(jobs, purger)
  const transfers = createOwnershipTransfers({ db, events, config, passwords: auth, mailer, roles, jobs })
  jobs.handle<TransferMailJob>(TRANSFER_MAIL_JOB, (job) => transfers.mailOffer(job), {
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryBackoff: true,
  })
  return {
    deletion: createTenantLifecycle({ db, events, config, passwords: auth, jobs }),
    transfers,
    onboarding: createOnboarding({ db, events, config, sessions: auth.sessions, roles }),
    purger,
  }
}

export type TenantLifecycleServices = ReturnType<typeof createTenantLifecycleServices>
