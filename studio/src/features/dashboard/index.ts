/** The tenant's dashboard. */
import { lazyRouteComponent } from '@tanstack/react-router'

export const DashboardPage = lazyRouteComponent(() => import('./routes/dashboard'), 'DashboardPage')
