/** The tenant's team: members with their roles, invitations, and the tenant's custom roles. */
import { lazyRouteComponent } from '@tanstack/react-router'
import { withStrings } from '../../app/i18n'

export { loadRoles, loadTeam } from './loaders'
export const TeamPage = lazyRouteComponent(
  () => withStrings(['team', 'validation'], import('./routes/team')),
  'TeamPage',
)
export const RolesPage = lazyRouteComponent(
  () => withStrings(['roles', 'team'], import('./routes/roles')),
  'RolesPage',
)
export const RoleEditorPage = lazyRouteComponent(
  () => withStrings(['roles', 'team', 'validation'], import('./routes/role-editor')),
  'RoleEditorPage',
)
