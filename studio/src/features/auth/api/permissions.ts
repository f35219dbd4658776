import type { Permission } from '@folio/client'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { permissionsIn } from '../../../lib/permissions'
import { accountQuery } from './session'

/**
 * `can(permission)` in the tenant of the address, from the session's membership: screens hide
 * what the member may not do, and never call a route that would answer 403. `permission` is one
 * the API declares (`@folio/client`'s `Permission`), so a misspelt one does not compile.
 */
export function useCan(): (permission: Permission) => boolean {
  const { data: account } = useSuspenseQuery(accountQuery)
  const { tenantId } = useParams({ strict: false })
  const granted = permissionsIn(account?.memberships, tenantId)
  return (permission) => granted.has(permission)
}
