/** What a session says of one membership (`GET /api/auth/session`'s `memberships`). */
interface MembershipGrant {
  tenantId: string
  status: string
  /** Expanded by the API (`content:manage` already brings `content:view` …); empty unless active. */
  permissions: readonly string[]
}

/**
 * The permissions held in `tenantId`: those of the account's active membership there, none when
 * the account is no active member (a tenant id typed into the address, a membership ended).
 */
export function permissionsIn(
  memberships: readonly MembershipGrant[] | undefined,
  tenantId: string | undefined,
): ReadonlySet<string> {
  const membership = memberships?.find((m) => m.tenantId === tenantId && m.status === 'active')
  return new Set(membership?.permissions ?? [])
}
