import { createListTotals } from '../../events/list-totals.js'
import { type Family, type Kernel, mount } from '../../family.js'
import type { HtmlSanitizer } from '../contents/index.js'
import type { MediaService } from '../media/index.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { createCollectionDefinitionsCache } from './definitions-cache.js'
import { collectionDefinitionsRoutes } from './definitions-routes.js'
import { createCollectionDefinitionsService } from './definitions-service.js'
import { collectionEntriesRoutes } from './entries-routes.js'
import { createCollectionEntriesService } from './entries-service.js'
import { entriesPublishingMedia, entriesShowingMedia } from './media-usage.js'
import { publicCollectionsRoutes } from './public-routes.js'
import { createPublicCollectionsService } from './public-service.js'
import { createEntryReader } from './reader.js'

/**
 * Collections (API contract: `/api/collections`, `/api/public/collections`, the query DSL): typed
 * schemas a tenant defines, their entries, and their public delivery.
 */
export function collectionsFamily(
  kernel: Kernel,
  deps: { media: MediaService; html: HtmlSanitizer; settings: TenantSettingsReader },
) {
  deps.media.usedIn(entriesShowingMedia)
  deps.media.publishedIn(entriesPublishingMedia)
  const { db, config, platform } = kernel
  const definitions = createCollectionDefinitionsCache({ db, bus: platform.bus })
  const reader = createEntryReader({
    bounded: kernel.database.bounded,
    timeoutMs: config.publicQueryTimeoutMs,
    definitions,
    totals: createListTotals(platform.bus, {
      dropOn: ['collection.', 'collection-entry.'],
      enabled: !platform.deliveryCache.shared,
    }),
  })
  const collections = createCollectionDefinitionsService({ db, events: kernel.events })
  const collectionEntries = createCollectionEntriesService({
    db,
    events: kernel.events,
    definitions: collections,
    reader,
    html: deps.html,
    settings: deps.settings,
  })
  const publicCollections = createPublicCollectionsService({
    db,
    definitions,
    reader,
    settings: deps.settings,
  })
  return {
    name: 'collections',
    services: { collections, collectionEntries, publicCollections },
    adminRoutes: [
      mount(collectionDefinitionsRoutes, { prefix: '/api/collections', service: collections }),
      mount(collectionEntriesRoutes, { prefix: '/api/collections', service: collectionEntries }),
    ],
    publicRoutes: [publicCollectionsRoutes(publicCollections)],
  } satisfies Family
}
