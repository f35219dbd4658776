import { errors } from '../../errors.js'
import type { Permission } from '../../permissions.js'
import type { ResolvedRole } from './resolver.js'

/**
 * The escalation rules of docs/decisions/auth.md "Nobody grants more than they hold" (the earlier
 * system let admins mint owner-equivalent roles and demote owners). `caller` is the caller's
 * resolved role in the tenant; undefined (unknown role) may do nothing.
 */
const isOwner = (role: ResolvedRole | undefined) => role?.key === 'owner'

/**
 * Throws 403 unless `caller` may give `role` to someone (a member, an invitation, an API token):
 * only owners give `owner`; nobody gives a role above their own level, nor one carrying a
 * permission they do not hold (a low-level custom role may carry one, e.g. `billing:view`, which
 * admins lack); owners hold every permission.
 */
export function assertCanGrant(caller: ResolvedRole | undefined, role: ResolvedRole): void {
  if (isOwner(caller)) return
  if (role.key === 'owner') throw errors.forbidden('Only an owner can make someone an owner.')
  if (role.level > (caller?.level ?? 0)) {
    throw errors.forbidden(
      `The role "${role.key}" (level ${role.level}) is above your own; you cannot grant it.`,
    )
  }
  const missing = [...role.granted].filter((permission) => !caller?.granted.has(permission))
  if (missing.length > 0) {
    throw errors.forbidden(
      `You cannot grant the role "${role.key}": it carries permissions you do not hold: ${missing.join(', ')}.`,
    )
  }
}

/**
 * Throws 403 unless `caller` may act on a member holding `target` (change their role, status or
 * membership): owners act on anyone; others only on members below their own level. An unknown
 * target role counts as level 0.
 */
export function assertOutranks(caller: ResolvedRole | undefined, target: ResolvedRole | undefined): void {
  if (isOwner(caller)) return
  if ((target?.level ?? 0) < (caller?.level ?? 0)) return
  throw errors.forbidden('This member’s role is at or above your own; you cannot change it.')
}

/**
 * Throws 403 unless `caller` may define or change a custom role of `level` with `permissions`:
 * the level below the caller's own, and only permissions the caller holds.
 */
export function assertCanDefine(
  caller: ResolvedRole | undefined,
  level: number,
  permissions: readonly Permission[],
): void {
  const callerLevel = caller?.level ?? 0
  if (level >= callerLevel) {
    throw errors.forbidden(`level must be below your own role's level (${callerLevel}).`)
  }
  const missing = permissions.filter((permission) => !caller?.granted.has(permission))
  if (missing.length > 0) {
    throw errors.forbidden(`You cannot grant permissions you do not hold: ${missing.join(', ')}.`)
  }
}
