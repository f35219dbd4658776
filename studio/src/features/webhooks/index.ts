/** The tenant's webhook: settings, test ping, delivery log with payloads and redelivery. */
import { lazyRouteComponent } from '@tanstack/react-router'
import { withStrings } from '../../app/i18n'

export { type DeliveriesSearch, parseDeliveriesSearch } from './api/search'
export { loadWebhooks } from './loaders'

export const WebhooksPage = lazyRouteComponent(
  () => withStrings(['validation', 'webhooks'], import('./routes/webhooks')),
  'WebhooksPage',
)
