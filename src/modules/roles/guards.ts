import { errors } from '../../errors.js'
import { phrase } from '../../i18n/index.js'
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
  if (role.key === 'owner') throw errors.forbidden('roles.ownerMakesOwner')
  if (role.level > (caller?.level ?? 0)) {
    throw errors.forbidden(phrase('roles.roleAbove', { role: role.key, level: role.level }))
  }
  const missing = [...role.granted].filter((permission) => !caller?.granted.has(permission))
  if (missing.length > 0) {
    throw errors.forbidden(
      phrase('roles.roleCarriesMissing', { role: role.key, missing: missing.join(', ') }),
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
  throw errors.forbidden('roles.memberAtOrAbove')
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
    throw errors.forbidden(phrase('roles.levelBelowOwn', { level: callerLevel }))
  }
  const missing = permissions.filter((permission) => !caller?.granted.has(permission))
  if (missing.length > 0) {
    throw errors.forbidden(phrase('roles.permissionsNotHeld', { missing: missing.join(', ') }))
  }
}
