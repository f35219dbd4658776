import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'

export type TenantSettings = AnswerOf<'getTenantSettings'>['settings']
export type SettingsUpdate = BodyOf<'updateTenantSettings'>
/** The groups of `PUT /api/tenant-settings`, each saved by its own form. */
export type SettingsGroup = keyof SettingsUpdate

/** The tenant's settings, every group with its defaults (`GET /api/tenant-settings`). */
export const settingsQuery = (tenantId: string) =>
  queryOptions(
    tenantQuery(
      tenantId,
      ['settings'],
      async (api) => (await unwrap(api.GET('/api/tenant-settings'))).settings,
    ),
  )

/** Saves the groups (and within most groups, the members) of `body`; answers the settings after. */
export async function updateSettings(tenantId: string, body: SettingsUpdate): Promise<TenantSettings> {
  return (await unwrap(tenantApi(tenantId).PUT('/api/tenant-settings', { body }))).settings
}

/** Sends a test mail to the signed-in user the way the tenant's mail goes (`POST …/smtp/test`). */
export function testSmtp(tenantId: string) {
  return unwrap(tenantApi(tenantId).POST('/api/tenant-settings/smtp/test'))
}

/** The effective plan, limits and this month's requests (`GET /api/tenants/current/limits`). */
export const limitsQuery = (tenantId: string) =>
  // The dashboard reads the same query under the same key.
  queryOptions(tenantQuery(tenantId, ['limits'], (api) => unwrap(api.GET('/api/tenants/current/limits'))))
