import { type Family, type Kernel, mount } from '../../family.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { categoriesPublicRoutes } from './public-routes.js'
import { categoriesRoutes } from './routes.js'
import { createCategoriesService } from './service.js'

export type { CategoriesService } from './service.js'

/**
 * Categories (API contract: `/api/categories`; `/api/public/categories`): a tree per tenant, merge,
 * reorder, names per locale.
 */
export function categoriesFamily(kernel: Kernel, deps: { settings: TenantSettingsReader }) {
  const categories = createCategoriesService({
    db: kernel.db,
    events: kernel.events,
    settings: deps.settings,
  })
  return {
    name: 'categories',
    services: { categories },
    adminRoutes: [mount(categoriesRoutes, { prefix: '/api/categories', service: categories })],
    publicRoutes: [categoriesPublicRoutes(categories)],
  } satisfies Family
}
