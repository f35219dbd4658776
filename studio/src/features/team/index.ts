/** The tenant's team: members with their roles, invitations, and the tenant's custom roles. */
import { lazyRouteComponent } from '@tanstack/react-router'

export { loadRoles, loadTeam } from './loaders'
export const TeamPage = lazyRouteComponent(() => import('./routes/team'), 'TeamPage')
export const RolesPage = lazyRouteComponent(() => import('./routes/roles'), 'RolesPage')
export const RoleEditorPage = lazyRouteComponent(() => import('./routes/role-editor'), 'RoleEditorPage')
