/**
 * What the feature's screens show first, for their routes' loaders (docs/decisions/studio.md
 * "Loaders"): each puts in the cache the very query its screen reads. A query module the first
 * screen's script does not already hold is imported when its loader runs.
 */
import type { QueryClient } from '@tanstack/react-query'

/** A page of the members. */
export const loadTeam = (client: QueryClient, tenantId: string, page: number) =>
  import('./api/members').then(({ membersQuery }) => client.ensureQueryData(membersQuery(tenantId, page)))

/** The tenant's roles. */
export const loadRoles = (client: QueryClient, tenantId: string) =>
  import('./api/roles').then(({ rolesQuery }) => client.ensureQueryData(rolesQuery(tenantId)))
