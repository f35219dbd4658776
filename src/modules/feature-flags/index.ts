import { type Family, type Kernel, mount } from '../../family.js'
import { featureFlagsRoutes } from './routes.js'
import { createFeatureFlagsService } from './service.js'

/** Feature flags (API contract: `/api/feature-flags`), managed by platform administrators. */
export function featureFlagsFamily(kernel: Kernel) {
  const featureFlags = createFeatureFlagsService({
    db: kernel.db,
    config: kernel.config,
    events: kernel.events,
  })
  return {
    name: 'feature-flags',
    services: { featureFlags },
    adminRoutes: [mount(featureFlagsRoutes, { prefix: '/api/feature-flags', service: featureFlags })],
  } satisfies Family
}
