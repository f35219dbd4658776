import { type Family, type Kernel, mount } from '../../family.js'
import type { MediaService } from '../media/index.js'
import { galleriesShowingMedia } from './media-usage.js'
import { contentGalleriesRoutes, galleriesRoutes } from './routes.js'
import { createGalleriesService, galleriesReferMedia } from './service.js'

export type { GalleriesService } from './service.js'

/**
 * Galleries (API contract: `/api/galleries`, `/api/contents/{id}/galleries`): ordered media linked
 * to contents; a deleted media item leaves the galleries that showed it.
 */
export function galleriesFamily(kernel: Kernel, deps: { media: MediaService }) {
  const galleries = createGalleriesService({ db: kernel.db, events: kernel.events })
  deps.media.referredBy(galleriesReferMedia)
  deps.media.usedIn(galleriesShowingMedia)
  return {
    name: 'galleries',
    services: { galleries },
    adminRoutes: [
      mount(galleriesRoutes, { prefix: '/api/galleries', service: galleries }),
      mount(contentGalleriesRoutes, { prefix: '/api/contents', service: galleries }),
    ],
  } satisfies Family
}
