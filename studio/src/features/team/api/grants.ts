import { useSuspenseQuery } from '@tanstack/react-query'
import { accountQuery } from '../../auth'
import type { Grantor } from './grant-rules'

/** The signed-in member as a grantor in `tenantId`, from the session's membership there. */
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
