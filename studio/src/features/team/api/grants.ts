import { useSuspenseQuery } from '@tanstack/react-query'
import { accountQuery } from '../../auth'
import { expandPermissions, type PermissionFamily, type Role } from './roles'

/**
 * What the signed-in member may hand out in the tenant, from the session's membership: the
 * server's rules of docs/decisions/auth.md "Nobody grants more than they hold" (src/modules/roles/guards.ts),
 * used to offer only what the API would accept.
 */
export interface Grantor {
  userId: string
  isOwner: boolean
  level: number
  /** The expanded permissions the member holds. */
  holds: ReadonlySet<string>
}

export function useGrantor(tenantId: string): Grantor {
  const { data: account } = useSuspenseQuery(accountQuery)
  const membership = account?.memberships.find((m) => m.tenantId === tenantId && m.status === 'active')
  return {
    userId: account?.user.id ?? '',
    isOwner: membership?.role === 'owner',
    level: membership?.roleMeta?.level ?? 0,
    holds: new Set(membership?.permissions ?? []),
  }
}

/** Whether `grantor` may act on a member holding a role of `level` (owners on anyone, others below them). */
export function outranks(grantor: Grantor, level: number): boolean {
  return grantor.isOwner || level < grantor.level
}

/** Whether `grantor` may give `role` to someone: not above their level, nothing they lack; owner only by owners. */
export function mayGrant(grantor: Grantor, role: Role, families: readonly PermissionFamily[]): boolean {
  if (grantor.isOwner) return true
  if (role.key === 'owner' || role.level > grantor.level) return false
  return [...expandPermissions(role.permissions, families)].every((p) => grantor.holds.has(p))
}

/** Whether `grantor` may put `permission` into a custom role (owners hold every permission). */
export function mayDefine(grantor: Grantor, permission: string): boolean {
  return grantor.isOwner || grantor.holds.has(permission)
}
