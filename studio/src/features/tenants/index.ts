/** Tenants: the switcher, creation, and the landing page without an active tenant. */
import { lazyRouteComponent } from '@tanstack/react-router'

export { TenantSwitcher } from './components/tenant-switcher'
export const CreateTenantPage = lazyRouteComponent(() => import('./routes/create-tenant'), 'CreateTenantPage')
export const TenantHomePage = lazyRouteComponent(() => import('./routes/tenant-home'), 'TenantHomePage')
