/** Imports: a WordPress export uploaded, its import followed live, and started again. */
import { lazyRouteComponent } from '@tanstack/react-router'

export { parseImportSearch } from './api/search'
export const WordPressImportPage = lazyRouteComponent(
  () => import('./routes/wordpress-import'),
  'WordPressImportPage',
)
