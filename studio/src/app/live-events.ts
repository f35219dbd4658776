import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'

/** The contents queries a change makes stale: the lists, their languages, the page trees. */
const CONTENT_LISTS = ['list', 'translations', 'tree'] as const

/**
 * The tenant's live events for as long as its screens show (docs/decisions/studio.md "Presence and
 * live lists"): holds the tenant's one stream open, which the editors' presence shares, and
 * refreshes the contents lists when a content changes, so a list shows another member's change (or
 * an API token's, or Folio's own work) without a reload. The stream's module loads after the first
 * screen (the first screen's budget, docs/decisions/studio.md "Quality bar").
 */
export function useTenantLiveEvents(tenantId: string) {
  const queryClient = useQueryClient()
  useEffect(() => {
    let stop: (() => void) | undefined
    let left = false
    void import('../lib/live-events').then(({ listenTenantEvents, refreshesContents }) => {
      if (left) return
      stop = listenTenantEvents(tenantId, {
        change: (message) => {
          if (!refreshesContents(message)) return
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
  }, [tenantId, queryClient])
}
