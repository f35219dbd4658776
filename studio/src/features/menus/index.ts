/** Navigation menus: the list, and the editor of a menu's item tree (drag and drop loads with it). */
import { lazyRouteComponent } from '@tanstack/react-router'

export { loadMenusList } from './loaders'
export const MenusListPage = lazyRouteComponent(() => import('./routes/menus-list'), 'MenusListPage')
export const MenuEditorPage = lazyRouteComponent(() => import('./routes/menu-editor'), 'MenuEditorPage')
