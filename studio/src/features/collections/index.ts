/** Typed collections: the schema builder and the entries editor, each loaded with its screen. */
import { lazyRouteComponent } from '@tanstack/react-router'

export { type EntriesSearch, parseEntriesSearch } from './api/entries'
export { loadCollectionsList, loadEntriesList } from './loaders'
export const CollectionsListPage = lazyRouteComponent(
  () => import('./routes/collections-list'),
  'CollectionsListPage',
)
export const CollectionEditorPage = lazyRouteComponent(
  () => import('./routes/collection-editor'),
  'CollectionEditorPage',
)
export const EntriesListPage = lazyRouteComponent(() => import('./routes/entries-list'), 'EntriesListPage')
export const EntryEditorPage = lazyRouteComponent(() => import('./routes/entry-editor'), 'EntryEditorPage')
