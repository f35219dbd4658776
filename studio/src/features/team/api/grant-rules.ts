import type { Role } from './roles'

/** A family of permissions (`content`) with its actions in catalogue order (`view`, `create` …). */
export interface PermissionFamily {
  family: string
  actions: string[]
}

/**
 * The permission catalogue as families × actions. The API has no catalogue route: the owner role
 * holds every permission, so the union of the roles' permissions is the whole catalogue.
 */
export function permissionFamilies(roles: readonly Role[]): PermissionFamily[] {
  const families = new Map<string, string[]>()
  for (const role of roles) {
    for (const permission of role.permissions) {
      const [family, action] = permission.split(':')
      if (family === undefined || action === undefined) continue
      const actions = families.get(family) ?? []
      if (!actions.includes(action)) actions.push(action)
      families.set(family, actions)
    }
  }
  return [...families].map(([family, actions]) => ({ family, actions }))
}

/** `manage` brings every other action of its family (the server's `expandPermissions`). */
export function expandPermissions(permissions: Iterable<string>, families: readonly PermissionFamily[]) {
  const expanded = new Set<string>()
  for (const permission of permissions) {
    expanded.add(permission)
    const [family, action] = permission.split(':')
    if (action !== 'manage') continue
    for (const implied of families.find((f) => f.family === family)?.actions ?? []) {
      expanded.add(`${family}:${implied}`)
    }
  }
  return expanded
}

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
