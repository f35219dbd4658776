import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'

export type TenantSettings = AnswerOf<'getTenantSettings'>['settings']
export type SettingsUpdate = BodyOf<'updateTenantSettings'>
/** The groups of `PUT /api/tenant-settings`, each saved by its own form. */
export type SettingsGroup = keyof SettingsUpdate

/** The tenant's settings, every group with its defaults (`GET /api/tenant-settings`). */
export const settingsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'settings'],
    queryFn: async () =>
      (await unwrap(folio.GET('/api/tenant-settings', { params: { query: { tenantId } } }))).settings,
  })

/** Saves the groups (and within most groups, the members) of `body`; answers the settings after. */
export async function updateSettings(tenantId: string, body: SettingsUpdate): Promise<TenantSettings> {
  return (await unwrap(folio.PUT('/api/tenant-settings', { params: { query: { tenantId } }, body }))).settings
}

/** Sends a test mail to the signed-in user the way the tenant's mail goes (`POST …/smtp/test`). */
export function testSmtp(tenantId: string) {
  return unwrap(folio.POST('/api/tenant-settings/smtp/test', { params: { query: { tenantId } } }))
}

/** The effective plan, limits and this month's requests (`GET /api/tenants/current/limits`). */
export const limitsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'limits'],
    // The dashboard reads the same query under the same key.
    queryFn: () => unwrap(folio.GET('/api/tenants/current/limits')),
  })
