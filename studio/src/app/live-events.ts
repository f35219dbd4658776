import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { accountQuery } from '../features/auth'

/** The contents queries a change of another member's makes stale: the lists, their languages, the page trees. */
const CONTENT_LISTS = ['list', 'translations', 'tree'] as const

/**
 * The tenant's live events for as long as its screens show (docs/decisions/studio.md "Presence and
 * live lists"): holds the tenant's one stream open, which the editors' presence shares, and
 * refreshes the contents lists when another member (or an API token, or Folio's own work) changes
 * a content. The member's own saves refresh them where they are made. The stream's module loads
 * after the first screen (the first screen's budget, docs/decisions/studio.md "Quality bar").
 */
export function useTenantLiveEvents(tenantId: string) {
  const queryClient = useQueryClient()
  const { data: account } = useSuspenseQuery(accountQuery)
  const selfId = account?.user.id
  useEffect(() => {
    let stop: (() => void) | undefined
    let left = false
    void import('../lib/live-events').then(({ listenTenantEvents, refreshesContents }) => {
      if (left) return
      stop = listenTenantEvents(tenantId, {
        change: (message) => {
          if (!refreshesContents(message, selfId)) return
          for (const what of CONTENT_LISTS) {
            void queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'contents', what] })
          }
        },
      })
    })
    return () => {
      left = true
      stop?.()
    }
  }, [tenantId, selfId, queryClient])
}
