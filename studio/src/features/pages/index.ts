/** Pages: the tenant's page tree, arranged by drag and drop or from the keyboard. */
import { lazyRouteComponent } from '@tanstack/react-router'

export { loadPagesTree } from './loaders'
export const PagesTreePage = lazyRouteComponent(() => import('./routes/pages-tree'), 'PagesTreePage')
