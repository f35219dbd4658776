/** Navigation menus: the list, and the editor of a menu's item tree (drag and drop loads with it). */
import { lazyRouteComponent } from '@tanstack/react-router'
import { withStrings } from '../../app/i18n'

export { loadMenusList } from './loaders'
export const MenusListPage = lazyRouteComponent(
  () => withStrings(['menus', 'validation'], import('./routes/menus-list')),
  'MenusListPage',
)
export const MenuEditorPage = lazyRouteComponent(
  () => withStrings(['menus', 'translations', 'validation'], import('./routes/menu-editor')),
  'MenuEditorPage',
)
