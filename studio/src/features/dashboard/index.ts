/** The tenant's dashboard. */
import { lazyRouteComponent } from '@tanstack/react-router'
import { withStrings } from '../../app/i18n'

export const DashboardPage = lazyRouteComponent(
  () => withStrings(['budgets', 'dashboard'], import('./routes/dashboard')),
  'DashboardPage',
)
