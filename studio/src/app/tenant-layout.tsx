import { Outlet, useMatches } from '@tanstack/react-router'
import { useCan } from '../features/auth'
import { NoAccess } from './route-error'

/**
 * A tenant's screens: the one of the address when the member's role allows it (its route's
 * `staticData.permission`), else the no-access screen, so the screen never calls what would answer 403.
 */
export function TenantLayout() {
  const can = useCan()
  const permission = useMatches({ select: (matches) => matches.at(-1)?.staticData.permission })
  return permission === undefined || can(permission) ? <Outlet /> : <NoAccess />
}
