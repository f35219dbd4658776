/** Tenants: the switcher, creation, the landing page without an active tenant, and the lifecycle. */
import { lazyRouteComponent } from '@tanstack/react-router'

export { TenantIdField } from './components/tenant-id-field'
export { TenantSwitcher } from './components/tenant-switcher'
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
