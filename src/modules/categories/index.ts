import { type Family, type Kernel, mount } from '../../family.js'
import { categoriesRoutes } from './routes.js'
import { createCategoriesService } from './service.js'

export type { CategoriesService } from './service.js'

/** Categories (API contract: `/api/categories`): a tree per tenant, merge, reorder. */
export function categoriesFamily(kernel: Kernel) {
  const categories = createCategoriesService({ db: kernel.db, events: kernel.events })
  return {
    name: 'categories',
    services: { categories },
    adminRoutes: [mount(categoriesRoutes, { prefix: '/api/categories', service: categories })],
  } satisfies Family
}
