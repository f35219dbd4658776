import { type Family, type Kernel, mount } from '../../family.js'
import { outboxRoutes } from './routes.js'
import { createOutboxService } from './service.js'

/** The outbox's operator routes (`/api/outbox`): dead letters, listed and replayed. */
export function outboxFamily(kernel: Kernel) {
  const outbox = createOutboxService({
    db: kernel.db,
    config: kernel.config,
    wakeRelay: () => kernel.platform.relay.wake(),
  })
  return {
    name: 'outbox',
    services: { outbox },
    adminRoutes: [mount(outboxRoutes, { prefix: '/api/outbox', service: outbox })],
  } satisfies Family
}
