import { type Family, job, type Kernel, mount } from '../../family.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { webhooksRoutes } from './routes.js'
import { createWebhooksService, DELIVER_JOB, type DeliverJob } from './service.js'

/**
 * Webhooks (API contract: `/api/webhooks`): an outbox consumer records one delivery per event of a
 * subscribed tenant, and a job sends it, signed, with retries (Standard Webhooks).
 */
export function webhooksFamily(kernel: Kernel, deps: { settings: TenantSettingsReader }) {
  const { platform, config } = kernel
  const webhooks = createWebhooksService({
    db: kernel.db,
    jobs: platform.jobs,
    settings: deps.settings,
    outbound: kernel.outbound,
    sink: kernel.events,
    retryDelaysSeconds: config.webhookRetryDelaysSeconds,
  })
  return {
    name: 'webhooks',
    services: { webhooks },
    adminRoutes: [mount(webhooksRoutes, { prefix: '/api/webhooks', service: webhooks })],
    consumers: [webhooks.consumer],
    jobs: [
      // An attempt records its own HTTP failures and queues its retries; the runner's retries only
      // cover a crash or a database failure while recording (the receiver may then see it twice, as
      // Standard Webhooks allows: it drops duplicates by webhook-id).
      job<DeliverJob>(DELIVER_JOB, (data) => webhooks.attempt(data), {
        retryLimit: 3,
        retryDelaySeconds: 30,
      }),
    ],
  } satisfies Family
}
