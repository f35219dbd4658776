import { type BodyOf, unwrap } from '@folio/client'
import { folio } from '../../../app/api'

/** Creates a tenant owned by the signed-in user (`POST /api/tenants`). */
export function createTenant(body: BodyOf<'createTenant'>) {
  return unwrap(folio.POST('/api/tenants', { body }))
}

/** Makes a tenant the session's active one, so the next sign-in opens it (`POST /api/auth/switch-tenant`). */
export function switchTenant(tenantId: string) {
  return unwrap(folio.POST('/api/auth/switch-tenant', { body: { tenantId } }))
}
