/** Imports: a WordPress export uploaded, its import followed live and started again, and the history of them. */
import { lazyRouteComponent } from '@tanstack/react-router'
import { withStrings } from '../../app/i18n'

export { parseHistorySearch, parseImportSearch } from './api/search'
export { loadImportHistory } from './loaders'
export const WordPressImportPage = lazyRouteComponent(
  () => withStrings(['imports'], import('./routes/wordpress-import')),
  'WordPressImportPage',
)
export const ImportHistoryPage = lazyRouteComponent(
  () => withStrings(['imports'], import('./routes/import-history')),
  'ImportHistoryPage',
)
