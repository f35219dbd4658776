import { type Family, type Kernel, mount } from '../../family.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { tagsPublicRoutes } from './public-routes.js'
import { tagsRoutes } from './routes.js'
import { createTagsService } from './service.js'

export type { TagsService } from './service.js'

/** Tags (API contract: `/api/tags`; `/api/public/tags`): titles and slugs per locale. */
export function tagsFamily(kernel: Kernel, deps: { settings: TenantSettingsReader }) {
  const tags = createTagsService({ db: kernel.db, events: kernel.events, settings: deps.settings })
  return {
    name: 'tags',
    services: { tags },
    adminRoutes: [mount(tagsRoutes, { prefix: '/api/tags', service: tags })],
    publicRoutes: [tagsPublicRoutes(tags)],
  } satisfies Family
}
