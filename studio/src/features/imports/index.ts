/** Imports: a WordPress export uploaded, its import followed live and started again, and the history of them. */
import { lazyRouteComponent } from '@tanstack/react-router'

export { parseHistorySearch, parseImportSearch } from './api/search'
export { loadImportHistory } from './loaders'
export const WordPressImportPage = lazyRouteComponent(
  () => import('./routes/wordpress-import'),
  'WordPressImportPage',
)
export const ImportHistoryPage = lazyRouteComponent(
  () => import('./routes/import-history'),
  'ImportHistoryPage',
)
