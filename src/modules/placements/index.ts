import { type Family, type Kernel, mount } from '../../family.js'
import type { MediaService } from '../media/index.js'
import { createDecisions } from './decide.js'
import { createPlacementEvents } from './events.js'
import { experiencesPublishingMedia } from './media-usage.js'
import { placementsPublicRoutes } from './public-routes.js'
import { placementsRoutes } from './routes.js'
import { createPlacementsService } from './service.js'

/**
 * Placements (API contract: `/api/placements`, `/api/public/placements/*`): experiences with rules,
 * schedules and weights, the public decision, and impression/click events with daily stats.
 */
export function placementsFamily(kernel: Kernel, deps: { media: Pick<MediaService, 'publishedIn'> }) {
  const { db } = kernel
  deps.media.publishedIn(experiencesPublishingMedia)
  const placements = createPlacementsService({ db, events: kernel.events })
  const placementDecisions = createDecisions({ db })
  const placementEvents = createPlacementEvents({
    db,
    events: kernel.events,
    appSecret: kernel.config.appSecret,
  })
  return {
    name: 'placements',
    services: { placements, placementDecisions, placementEvents },
    adminRoutes: [
      mount(placementsRoutes, {
        prefix: '/api/placements',
        service: placements,
        decisions: placementDecisions,
        events: placementEvents,
      }),
    ],
    publicRoutes: [placementsPublicRoutes({ decisions: placementDecisions, events: placementEvents })],
  } satisfies Family
}
