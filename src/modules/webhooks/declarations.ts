import { Type } from 'typebox'
import { configSection, int, list, WEEK_SECONDS } from '../../config-variables.js'
import { declareFamily } from '../../declare.js'
import { Id, Nullable, payload } from '../../events/payloads.js'

/** Standard Webhooks-style schedule: retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const

/** The configuration of webhooks (`Config` members). */
export interface WebhooksConfig {
  /**
   * Seconds before each webhook retry (docs/decisions/jobs-and-events.md "Webhooks follow Standard
   * Webhooks"); one more attempt than entries, then the delivery fails. Each wait gets up to 10 %
   * random jitter on top.
   */
  webhookRetryDelaysSeconds: readonly number[]
  /** Webhook deliveries one instance sends at once (docs/decisions/jobs-and-events.md "Webhooks keep pace with writes"). */
  webhookConcurrency: number
  /** Of those, at most this many to one tenant's receiver. */
  webhookReceiverConcurrency: number
}

/** The webhooks family's events (never themselves delivered), permissions and configuration. */
export const declarations = declareFamily({
  events: {
    'webhook.redelivered': payload('A webhook delivery was sent again (never itself delivered)', {
      id: Id,
      type: Type.String(),
    }),
    'webhook.tested': payload('A test ping was sent (never itself delivered)', {
      id: Id,
      status: Type.String(),
      lastStatusCode: Nullable(Type.Integer()),
    }),
  },
  activity: { nouns: { webhook: 'the webhook' }, verbs: { redelivered: 'redelivered', tested: 'tested' } },
  permissions: { webhooks: ['view', 'update', 'manage'] },
  config: configSection<WebhooksConfig>()((to) => ({
    WEBHOOK_RETRY_DELAYS: to(
      'webhookRetryDelaysSeconds',
      list(int(0, WEEK_SECONDS), 'seconds before each webhook retry', {
        maxItems: 20,
        rule: 'lists at most 20 delays',
        default: DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS,
      }),
    ),
    WEBHOOK_CONCURRENCY: to(
      'webhookConcurrency',
      int(1, 1000, 32, 'webhook deliveries one instance sends at once'),
    ),
    WEBHOOK_RECEIVER_CONCURRENCY: to(
      'webhookReceiverConcurrency',
      int(1, 1000, 4, "webhook deliveries one instance sends at once to one tenant's receiver"),
    ),
  })),
})
