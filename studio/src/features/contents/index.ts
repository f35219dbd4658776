/** Contents: the list and the editor (Lexical, loaded with its screen). */
import { lazyRouteComponent } from '@tanstack/react-router'
import { lazy } from 'react'
import { withStrings } from '../../app/i18n'

export {
  type ContentsSearch,
  type EditContentSearch,
  type NewContentSearch,
  parseContentsSearch,
  parseEditContentSearch,
  parseNewContentSearch,
} from './api/search'
export { loadContentsList, loadContentTree } from './loaders'
export const ContentsListPage = lazyRouteComponent(
  () => withStrings(['contents', 'validation'], import('./routes/contents-list')),
  'ContentsListPage',
)
export const ContentEditorPage = lazyRouteComponent(
  () => withStrings(['contents', 'editor', 'pages', 'validation'], import('./routes/content-editor')),
  'ContentEditorPage',
)

// The media picker and one item's query, for other screens that pick media (collection entries).
export { oneMediaQuery, type PickerMedia } from './api/contents'
/** The media picker dialog, loaded when first shown (it is not part of the first screen). */
export const MediaPicker = lazy(() =>
  withStrings(['editor'], import('./components/media-picker')).then((module) => ({
    default: module.MediaPicker,
  })),
)

// Page trees, for the Pages view: the tree of a type, a move's write, the status badge; the types
// the tenant's contents have, also for the preview settings.
export { updateContent } from './api/contents'
export { type ContentTreeNode, contentTreeQuery, contentTypesQuery } from './api/tree'
export { StatusBadge } from './components/status-badge'
