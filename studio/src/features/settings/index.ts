/**
 * The tenant's settings, group by group; the settings query and save, for the webhook screen; the
 * tenant's locales, for the screens that edit per locale.
 */
import { lazyRouteComponent } from '@tanstack/react-router'
import { withStrings } from '../../app/i18n'

export { groupErrors, groupFieldOf } from './api/group-errors'
export { useTenantLocales } from './api/locales'
export { parseSettingsSearch, type SettingsSearch } from './api/search'
export { settingsQuery, type TenantSettings, updateSettings } from './api/settings'
export { loadSettings } from './loaders'

export const SettingsPage = lazyRouteComponent(
  () => withStrings(['budgets', 'settings', 'tenantId', 'validation'], import('./routes/settings')),
  'SettingsPage',
)
