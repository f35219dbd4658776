import { type Family, type Kernel, mount } from '../../family.js'
import { createHub } from './hub.js'
import { createPresence } from './presence.js'
import { livePublicRoutes } from './public-routes.js'
import { createLiveRepository } from './repository.js'
import { liveRoutes } from './routes.js'
import { createLiveService } from './service.js'

export type { LiveService } from './service.js'

/** What EventSource waits before reconnecting (`retry:`, ms; API contract: GET /api/public/events). */
const RETRY_MS = 2000

/**
 * Change streams and presence (API contract: `/api/public/events`, `/api/events`,
 * `/api/presence/{resource}/{id}`; docs/decisions/live.md): a hub per instance fed by the event bus,
 * and presence kept in the shared store.
 */
export function liveFamily(kernel: Kernel) {
  const { live: config } = kernel.config
  const { platform } = kernel
  const hub = createHub({
    bus: platform.bus,
    db: kernel.db,
    heartbeatMs: config.heartbeatMs,
    retryMs: RETRY_MS,
    perTenant: config.streamsPerTenant,
    perNetwork: config.streamsPerNetwork,
    window: { maxAgeMs: config.replayWindowSeconds * 1000, maxEvents: config.replayMaxEvents },
    onError: platform.reportError,
  })
  const presence = createPresence({
    store: kernel.store,
    lapseMs: config.presenceLapseMs,
    onChange: (tenantId, resource, id, editors) =>
      hub.toMembers(tenantId, 'content:view', 'presence', {
        resource,
        id,
        editors: editors.map(({ userId, name }) => ({ userId, name })),
      }),
    onError: platform.reportError,
  })
  const live = createLiveService({ hub, presence, repository: createLiveRepository(kernel.db) })
  return {
    name: 'live',
    services: { live },
    adminRoutes: [mount(liveRoutes, { prefix: '/api', service: live })],
    publicRoutes: [livePublicRoutes(live)],
    // Open streams would hold the server's close: they end first (graceful shutdown).
    beforeClose: async () => hub.close(),
    onClose: async () => presence.close(),
  } satisfies Family
}
