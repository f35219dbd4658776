/** The tenant's team: members with their roles, and invitations. */
import { lazyRouteComponent } from '@tanstack/react-router'

export const TeamPage = lazyRouteComponent(() => import('./routes/team'), 'TeamPage')
