import { oneOf } from '../../../lib/search-params'

/** The groups of the settings screen, a tab each, in their order. */
export const SETTINGS_TABS = [
  'smtp',
  'branding',
  'locales',
  'limits',
  'edgeGateway',
  'preview',
  'features',
  'metadata',
] as const
export type SettingsTab = (typeof SETTINGS_TABS)[number]

/** The settings screen's address: the open tab (`?tab=preview`); the first one, the default, is left out. */
export interface SettingsSearch {
  tab?: SettingsTab
}

/** The settings screen's search schema: a known tab but the first, else nothing. */
export function parseSettingsSearch(search: Record<string, unknown>): SettingsSearch {
  const tab = oneOf(SETTINGS_TABS, search.tab)
  return tab === undefined || tab === SETTINGS_TABS[0] ? {} : { tab }
}
