import { type Family, job, type Kernel, mount } from '../../family.js'
import type { Credentials } from '../auth/index.js'
import type { TenantMailer, TenantSettingsReader } from '../tenant-settings/index.js'
import { createGeoLookup, createIpHasher } from './client-info.js'
import { createNotifier, NOTIFY_JOB, type NotifyJob } from './notify.js'
import { publicFormsRoutes } from './public-routes.js'
import { createPublicFormsService } from './public-service.js'
import { pruneTokenUses, TOKEN_USES_PRUNE_JOB } from './responses-repository.js'
import { responsesRoutes } from './responses-routes.js'
import { createResponsesService } from './responses-service.js'
import { formsRoutes } from './routes.js'
import { createFormsService } from './service.js'
import { createCaptchaVerifier, createFormTokens, createSubmissionLimits } from './spam.js'

/**
 * Forms (API contract: `/api/forms`, `/api/public/forms`): definitions with versions, public
 * submissions with their anti-spam, responses, and notification mails.
 */
export function formsFamily(
  kernel: Kernel,
  deps: { settings: TenantSettingsReader; tenantMailer: TenantMailer; credentials: Credentials },
) {
  const { db, config, platform } = kernel
  const forms = createFormsService({
    db,
    events: kernel.events,
    settings: deps.settings,
    captchaConfigured: config.captcha !== undefined,
    mailer: deps.tenantMailer,
  })
  const formResponses = createResponsesService({ db, events: kernel.events })
  const publicForms = createPublicFormsService({
    db,
    events: kernel.events,
    settings: deps.settings,
    credentials: deps.credentials,
    jobs: platform.jobs,
    tokens: createFormTokens(config.appSecret),
    limits: createSubmissionLimits(kernel.store),
    hashIp: createIpHasher(config.appSecret),
    geo: createGeoLookup(config.geoipDatabase),
    verifyCaptcha: createCaptchaVerifier(config.captcha, kernel.outbound),
    captchaConfigured: config.captcha !== undefined,
  })
  return {
    name: 'forms',
    services: { forms, formResponses, publicForms },
    adminRoutes: [
      mount(formsRoutes, { prefix: '/api/forms', service: forms }),
      mount(responsesRoutes, { prefix: '/api/forms', service: formResponses }),
    ],
    publicRoutes: [publicFormsRoutes(publicForms)],
    jobs: [
      job<NotifyJob>(NOTIFY_JOB, createNotifier({ db, mailer: deps.tenantMailer, settings: deps.settings }), {
        retryLimit: 3,
        retryDelaySeconds: 60,
      }),
      job(TOKEN_USES_PRUNE_JOB, async () => void (await pruneTokenUses(db)), { every: '37 4 * * *' }),
    ],
  } satisfies Family
}
