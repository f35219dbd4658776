/**
 * Tenants: the switcher, creation (empty or from an export archive), the landing page without an
 * active tenant, the lifecycle, and the tenant's exports.
 */
import { lazyRouteComponent } from '@tanstack/react-router'
import { withStrings } from '../../app/i18n'

export { parseCreateTenantSearch } from './api/search'
export { TenantIdField } from './components/tenant-id-field'
export { TenantSwitcher } from './components/tenant-switcher'
export { loadTenantExports } from './loaders'
export const CreateTenantPage = lazyRouteComponent(
  () => withStrings(['exports', 'imports', 'tenantImport', 'validation'], import('./routes/create-tenant')),
  'CreateTenantPage',
)
export const TenantHomePage = lazyRouteComponent(
  () => withStrings(['lifecycle'], import('./routes/tenant-home')),
  'TenantHomePage',
)
export const TenantLifecyclePage = lazyRouteComponent(
  () => withStrings(['lifecycle'], import('./routes/tenant-lifecycle')),
  'TenantLifecyclePage',
)
export const DeletedTenantsPage = lazyRouteComponent(
  () => withStrings(['lifecycle'], import('./routes/deleted-tenants')),
  'DeletedTenantsPage',
)
export const TenantExportsPage = lazyRouteComponent(
  () => withStrings(['exports', 'imports', 'validation'], import('./routes/tenant-exports')),
  'TenantExportsPage',
)
