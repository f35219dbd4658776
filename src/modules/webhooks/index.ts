import { type Family, type Kernel, mount } from '../../family.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { createWebhookDispatcher } from './dispatcher.js'
import { webhooksRoutes } from './routes.js'
import { createWebhooksService } from './service.js'

/**
 * Webhooks (API contract: `/api/webhooks`): an outbox consumer records one delivery per event of a
 * subscribed tenant, and the dispatcher sends it, signed, several at a time, with retries (Standard
 * Webhooks).
 */
export function webhooksFamily(kernel: Kernel, deps: { settings: TenantSettingsReader }) {
  const { config } = kernel
  const webhooks = createWebhooksService({
    db: kernel.db,
    settings: deps.settings,
    outbound: kernel.outbound,
    sink: kernel.events,
    retryDelaysSeconds: config.webhookRetryDelaysSeconds,
    onDue: (tenantIds) => void dispatcher.wake(tenantIds),
  })
  const dispatcher = createWebhookDispatcher({
    db: kernel.db,
    attempt: (delivery) => webhooks.attempt(delivery),
    concurrency: config.webhookConcurrency,
    perReceiver: config.webhookReceiverConcurrency,
    onError: (err) => kernel.platform.reportError(err),
  })
  return {
    name: 'webhooks',
    services: { webhooks },
    adminRoutes: [mount(webhooksRoutes, { prefix: '/api/webhooks', service: webhooks })],
    consumers: [webhooks.consumer],
    onReady: async () => dispatcher.start(),
    onClose: () => dispatcher.stop(),
  } satisfies Family
}
