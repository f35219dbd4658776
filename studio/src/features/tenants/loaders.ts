/**
 * What the feature's screens show first, for their routes' loaders (docs/decisions/studio.md
 * "Loaders"): each puts in the cache the very query its screen reads, its module imported when the
 * loader runs.
 */
import type { QueryClient } from '@tanstack/react-query'

/** The tenant's exports and its backup schedule. */
export const loadTenantExports = (client: QueryClient, tenantId: string) =>
  import('./api/portability').then(({ exportsQuery, backupScheduleQuery }) =>
    Promise.all([
      client.ensureQueryData(exportsQuery(tenantId)),
      client.ensureQueryData(backupScheduleQuery(tenantId)),
    ]),
  )
