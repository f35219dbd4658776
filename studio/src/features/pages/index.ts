/** Pages: the tenant's page tree, arranged by drag and drop or from the keyboard. */
import { lazyRouteComponent } from '@tanstack/react-router'
import { withStrings } from '../../app/i18n'

export { loadPagesTree } from './loaders'
export const PagesTreePage = lazyRouteComponent(
  () => withStrings(['contents', 'pages'], import('./routes/pages-tree')),
  'PagesTreePage',
)
