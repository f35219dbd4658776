import { unwrap } from '@folio/client'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { tenantQuery } from '../../../app/tenant'
import type { TenantLocales } from '../../../lib/locales'
import { useCan } from '../../auth'
import { settingsQuery } from './settings'

/**
 * The tenant's locales as a site reads them (`GET /api/public/locales`), for members whose role
 * does not read the settings (authors, viewers).
 */
const publicLocalesQuery = (tenantId: string) =>
  queryOptions(
    tenantQuery(
      tenantId,
      ['locales', 'public'],
      async (api): Promise<TenantLocales> => (await unwrap(api.GET('/api/public/locales'))).locales,
    ),
  )

/**
 * The locales the tenant serves (docs/decisions/localization.md "Tenant locales"), for the screens
 * that edit per locale: from the settings when the member may read them (`settings:view`), so a
 * change saved on the Languages tab shows at once, else from the public route. Undefined while
 * loading, and when neither answers (public reads turned off for a member without `settings:view`):
 * the screens then offer nothing per locale.
 */
export function useTenantLocales(tenantId: string): TenantLocales | undefined {
  const fromSettings = useCan()('settings:view')
  const settings = useQuery({
    ...settingsQuery(tenantId),
    enabled: fromSettings,
    select: (read) => read.locales as TenantLocales,
  })
  const published = useQuery({ ...publicLocalesQuery(tenantId), enabled: !fromSettings })
  return fromSettings ? settings.data : published.data
}
