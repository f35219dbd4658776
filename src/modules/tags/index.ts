import { type Family, type Kernel, mount } from '../../family.js'
import { tagsRoutes } from './routes.js'
import { createTagsService } from './service.js'

export type { TagsService } from './service.js'

/** Tags (API contract: `/api/tags`). */
export function tagsFamily(kernel: Kernel) {
  const tags = createTagsService({ db: kernel.db, events: kernel.events })
  return {
    name: 'tags',
    services: { tags },
    adminRoutes: [mount(tagsRoutes, { prefix: '/api/tags', service: tags })],
  } satisfies Family
}
