/**
 * Tenants: the switcher, creation (empty or from an export archive), the landing page without an
 * active tenant, the lifecycle, and the tenant's exports.
 */
import { lazyRouteComponent } from '@tanstack/react-router'

export { parseCreateTenantSearch } from './api/search'
export { TenantIdField } from './components/tenant-id-field'
export { TenantSwitcher } from './components/tenant-switcher'
export { loadTenantExports } from './loaders'
export const CreateTenantPage = lazyRouteComponent(() => import('./routes/create-tenant'), 'CreateTenantPage')
export const TenantHomePage = lazyRouteComponent(() => import('./routes/tenant-home'), 'TenantHomePage')
export const TenantLifecyclePage = lazyRouteComponent(
  () => import('./routes/tenant-lifecycle'),
  'TenantLifecyclePage',
)
export const DeletedTenantsPage = lazyRouteComponent(
  () => import('./routes/deleted-tenants'),
  'DeletedTenantsPage',
)
export const TenantExportsPage = lazyRouteComponent(
  () => import('./routes/tenant-exports'),
  'TenantExportsPage',
)
