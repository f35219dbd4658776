import { createFolioClient, type FolioClient } from '@folio/client'
import i18n from 'i18next'

/**
 * Every call says Studio's current language in `Accept-Language`, so the server's messages (an
 * error under a field, a refusal) come in it; the server prefers a signed-in account's own
 * language (docs/decisions/http.md "Messages in the reader's language").
 */
export function fetchInStudioLanguage(request: Request): Promise<Response> {
  if (i18n.language) request.headers.set('accept-language', i18n.language)
  return fetch(request)
}

/**
 * The client of the signed-in account: the session cookie of Folio's own origin, with the CSRF
 * token the client takes from the session answers (docs/decisions/auth.md "The cookie and CSRF").
 * It names no tenant, so it calls only the account's own routes (sign-in, the profile, creating or
 * switching tenants); a tenant's data goes through `tenantApi` (docs/decisions/studio.md "The tenant
 * of every call").
 */
export const folio = createFolioClient({
  baseUrl: '',
  credentials: 'same-origin',
  fetch: fetchInStudioLanguage,
})

/** The client acting on `tenantId` (`X-Tenant-ID` on each of its calls), over the account's session. */
export function tenantApi(tenantId: string): FolioClient {
  return folio.forTenant(tenantId)
}
