import { createFolioClient, type FolioClient } from '@folio/client'

/**
 * The client of the signed-in account: the session cookie of Folio's own origin, with the CSRF
 * token the client takes from the session answers (docs/decisions/auth.md "The cookie and CSRF").
 * It names no tenant, so it calls only the account's own routes (sign-in, the profile, creating or
 * switching tenants); a tenant's data goes through `tenantApi` (docs/decisions/studio.md "The tenant
 * of every call").
 */
export const folio = createFolioClient({ baseUrl: '', credentials: 'same-origin' })

/** The client acting on `tenantId` (`X-Tenant-ID` on each of its calls), over the account's session. */
export function tenantApi(tenantId: string): FolioClient {
  return folio.forTenant(tenantId)
}
