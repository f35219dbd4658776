import { unwrap } from '@folio/client'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { tenantApi } from '../../../app/api'
import { listenTenantEvents, otherEditors, type PresenceEditor } from '../../../lib/live-events'
import { accountQuery } from '../../auth'

const path = (id: string) => ({ params: { path: { resource: 'content' as const, id } } })

/** The members editing content `id` now (`GET /api/presence/content/{id}`). */
function readPresence(tenantId: string, id: string) {
  return unwrap(tenantApi(tenantId).GET('/api/presence/{resource}/{id}', path(id)))
}

/** Says this member edits content `id` (`PUT /api/presence/content/{id}`); answers its editors. */
function heartbeatPresence(tenantId: string, id: string) {
  return unwrap(tenantApi(tenantId).PUT('/api/presence/{resource}/{id}', path(id)))
}

/** Says this member left content `id` (`DELETE /api/presence/content/{id}`). */
function leavePresence(tenantId: string, id: string) {
  return unwrap(tenantApi(tenantId).DELETE('/api/presence/{resource}/{id}', path(id)))
}

/** How often an open editor says it is still there (an entry lapses 40 s after the last). */
const HEARTBEAT_MS = 15_000

/**
 * The names of the other members editing content `contentId` now ('' for a nameless one), kept
 * current by the tenant's live events (docs/decisions/studio.md "Presence and live lists"). While
 * `editing`, this member is one of them: a heartbeat at once and every 15 s, and a leave when the
 * editor closes (a closed tab lapses on its own). A failed heartbeat or read is left alone: presence
 * is a hint, never in the way of editing.
 */
export function useContentPresence(tenantId: string, contentId: string | undefined, editing: boolean) {
  const { data: account } = useSuspenseQuery(accountQuery)
  const [editors, setEditors] = useState<PresenceEditor[]>([])

  useEffect(() => {
    setEditors([])
    if (contentId === undefined) return
    // Once the stream has spoken, its list is newer than the first read's.
    let heard = false
    const stop = listenTenantEvents(tenantId, {
      presence: (message) => {
        if (message.resource !== 'content' || message.id !== contentId) return
        heard = true
        setEditors(message.editors)
      },
    })
    const first = (now: { editors: PresenceEditor[] }) => {
      if (!heard) setEditors(now.editors)
    }
    let timer: ReturnType<typeof setInterval> | undefined
    if (editing) {
      // The first heartbeat answers the editors, this member among them; the next ones only keep it.
      heartbeatPresence(tenantId, contentId).then(first, () => undefined)
      timer = setInterval(
        () => void heartbeatPresence(tenantId, contentId).catch(() => undefined),
        HEARTBEAT_MS,
      )
    } else {
      readPresence(tenantId, contentId).then(first, () => undefined)
    }
    return () => {
      stop()
      clearInterval(timer)
      if (editing) void leavePresence(tenantId, contentId).catch(() => undefined)
    }
  }, [tenantId, contentId, editing])

  return otherEditors(editors, account?.user.id)
}
