import { type Family, type Kernel, mount } from '../../family.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { menusPublicRoutes } from './public-routes.js'
import { menusRoutes } from './routes.js'
import { createMenusService } from './service.js'

export type { CreateMenuItemInput } from './schemas.js'
export type { MenusService } from './service.js'
export { MAX_DEPTH as MENU_MAX_DEPTH } from './tree.js'

/** Menus (API contract: `/api/menus`, `/api/public/menus`): item trees by location. */
export function menusFamily(kernel: Kernel, deps: { settings: TenantSettingsReader }) {
  const menus = createMenusService({ db: kernel.db, events: kernel.events, settings: deps.settings })
  return {
    name: 'menus',
    services: { menus },
    adminRoutes: [mount(menusRoutes, { prefix: '/api/menus', service: menus })],
    publicRoutes: [menusPublicRoutes(menus)],
  } satisfies Family
}
