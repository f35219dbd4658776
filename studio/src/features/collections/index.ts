/** Typed collections: the schema builder and the entries editor, each loaded with its screen. */
import { lazyRouteComponent } from '@tanstack/react-router'

export { collectionQuery, collectionsQuery } from './api/collections'
export { type EntriesSearch, entriesQuery, parseEntriesSearch } from './api/entries'
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
