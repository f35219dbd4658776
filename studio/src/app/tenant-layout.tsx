import { Outlet, useMatches, useParams } from '@tanstack/react-router'
import { useCan } from '../features/auth'
import { useTenantLiveEvents } from './live-events'
import { NoAccess } from './route-error'

/**
 * A tenant's screens: the one of the address when the member's role allows it (its route's
 * `staticData.permission`), else the no-access screen, so the screen never calls what would answer 403.
 * The tenant's live events run while it shows (`useTenantLiveEvents`).
 */
export function TenantLayout() {
  const { tenantId } = useParams({ from: '/signed-in/t/$tenantId' })
  useTenantLiveEvents(tenantId)
  const can = useCan()
  const permission = useMatches({ select: (matches) => matches.at(-1)?.staticData.permission })
  return permission === undefined || can(permission) ? <Outlet /> : <NoAccess />
}
