/** Typed collections: the schema builder and the entries editor, each loaded with its screen. */
import { lazyRouteComponent } from '@tanstack/react-router'
import { withStrings } from '../../app/i18n'

export { type EntriesSearch, parseEntriesSearch } from './api/entries'
export { loadCollectionsList, loadEntriesList } from './loaders'
export const CollectionsListPage = lazyRouteComponent(
  () => withStrings(['collections'], import('./routes/collections-list')),
  'CollectionsListPage',
)
export const CollectionEditorPage = lazyRouteComponent(
  () => withStrings(['collections', 'validation'], import('./routes/collection-editor')),
  'CollectionEditorPage',
)
export const EntriesListPage = lazyRouteComponent(
  () => withStrings(['collections'], import('./routes/entries-list')),
  'EntriesListPage',
)
export const EntryEditorPage = lazyRouteComponent(
  () => withStrings(['collections', 'validation'], import('./routes/entry-editor')),
  'EntryEditorPage',
)
