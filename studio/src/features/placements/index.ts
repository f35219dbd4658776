/** Placements: the list, and one placement's experiences, settings, decision debugger and statistics. */
import { lazyRouteComponent } from '@tanstack/react-router'
import { withStrings } from '../../app/i18n'

export { loadPlacementsList } from './loaders'
export const PlacementsListPage = lazyRouteComponent(
  () => withStrings(['placements'], import('./routes/placements-list')),
  'PlacementsListPage',
)
export const PlacementEditorPage = lazyRouteComponent(
  () => withStrings(['placements'], import('./routes/placement-editor')),
  'PlacementEditorPage',
)
