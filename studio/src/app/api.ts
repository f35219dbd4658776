import { createFolioClient } from '@folio/client'

/**
 * The one client the app calls Folio through: the session cookie of Folio's own origin, with the
 * CSRF token the client takes from the session answers (docs/decisions/auth.md "The cookie and
 * CSRF"). The tenant layout sets the tenant (`X-Tenant-ID`) from the URL.
 */
export const folio = createFolioClient({ baseUrl: '', credentials: 'same-origin' })
