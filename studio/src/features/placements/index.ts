/** Placements: the list, and one placement's experiences, settings, decision debugger and statistics. */
import { lazyRouteComponent } from '@tanstack/react-router'

export { loadPlacementsList } from './loaders'
export const PlacementsListPage = lazyRouteComponent(
  () => import('./routes/placements-list'),
  'PlacementsListPage',
)
export const PlacementEditorPage = lazyRouteComponent(
  () => import('./routes/placement-editor'),
  'PlacementEditorPage',
)
