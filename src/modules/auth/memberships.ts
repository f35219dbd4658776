import { type ResolvedRole, roleMetaOf } from '../roles/index.js'
import type { MembershipRow, UserRow } from './repository.js'
import type { Membership, SessionUser } from './schemas.js'

/** A membership grants anything only while both it and its tenant are active (as `credentials.membershipRole`). */
export function isActiveMembership(membership: Membership): boolean {
  return membership.status === 'active' && membership.tenant.status === 'active'
}

/**
 * The API contract's membership (as login answers it) from a joined membership row and its resolved
 * role (roles/resolver.ts); an unknown role has no roleMeta and no permissions. `roleMeta.tenantId`
 * is the membership's tenant (the spec types it as a string), also for system roles, which every
 * tenant holds.
 */
export function toMembership(row: MembershipRow, role: ResolvedRole | undefined): Membership {
  const membership: Membership = {
    id: row.id,
    tenantId: row.tenantId,
    tenant: { ...row.tenant, createdAt: row.tenant.createdAt.toISOString() },
    role: row.role,
    roleMeta: role === undefined ? null : roleMetaOf(role, row.tenantId),
    status: row.status,
    permissions: [],
  }
  if (isActiveMembership(membership)) membership.permissions = [...(role?.granted ?? [])]
  return membership
}

/**
 * The session state login, session and switch-tenant answer with: the user with the role and
 * permissions of the active membership (the session's tenant, if still an active membership), the
 * memberships, and whether the client must pick a tenant (no active one chosen while some exist).
 */
export function sessionState(user: UserRow, memberships: Membership[], tenantId: string | null) {
  const activeMembership =
    memberships.find((membership) => membership.tenantId === tenantId && isActiveMembership(membership)) ??
    null
  const sessionUser: SessionUser = {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    mustChangePassword: user.mustChangePassword,
    emailVerified: user.emailVerifiedAt !== null,
    role: activeMembership?.role ?? null,
    permissions: activeMembership?.permissions ?? [],
  }
  return {
    user: sessionUser,
    memberships,
    activeMembership,
    requiresTenantSelection: activeMembership === null && memberships.some(isActiveMembership),
  }
}
