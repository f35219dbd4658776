/** The tenant's webhook: settings, test ping, delivery log with payloads and redelivery. */
import { lazyRouteComponent } from '@tanstack/react-router'

export { type DeliveriesSearch, parseDeliveriesSearch } from './api/search'
export { loadWebhooks } from './loaders'

export const WebhooksPage = lazyRouteComponent(() => import('./routes/webhooks'), 'WebhooksPage')
