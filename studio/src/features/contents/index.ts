/** Contents: the list and the editor (Lexical, loaded with its screen). */
import { lazyRouteComponent } from '@tanstack/react-router'

export { type ContentsSearch, parseContentsSearch } from './api/search'
export const ContentsListPage = lazyRouteComponent(() => import('./routes/contents-list'), 'ContentsListPage')
export const ContentEditorPage = lazyRouteComponent(
  () => import('./routes/content-editor'),
  'ContentEditorPage',
)
