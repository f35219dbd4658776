import { LRUCache } from 'lru-cache'
import { entriesBound } from '../lib/lru.js'
import type { SharedStore } from '../store/shared-store.js'
import type { CommittedEvent, EventSink } from './event-log.js'
import type { SideEffectConsumer } from './relay.js'

/** What an in-memory cache needs to hear of an event. */
export interface EventNotice {
  /** null for an account event. */
  tenantId: string | null
  type: string
  subjectId: string | null
}

export type EventListener = (notice: EventNotice) => void

/** Work on this instance's commits that the write awaits before it returns (and so before it is answered). */
export type CommitHook = (notices: readonly EventNotice[]) => Promise<void>

const CHANNEL_PREFIX = 'event:'
/**
 * How many events an instance remembers having heard (at its own commit, or broadcast), so that a
 * broadcast that comes back (Redis and NOTIFY deliver to the sender too) does not drop the entries
 * cached since.
 */
const HEARD_MAX = 10_000

/** A broadcast message: the notice, and the ids of the events it stands for. */
interface Broadcast {
  notice: EventNotice
  ids: string[]
}
/**
 * How old an event's broadcast may get before it is dropped unsent (ms): every cache a broadcast
 * reaches keeps its entries a minute at most, or is flushed when its instance reconnects, so a later
 * broadcast has nothing left to drop (docs/decisions/jobs-and-events.md "Instances hear each other's events").
 */
export const BROADCAST_HORIZON_MS = 10 * 60_000

/**
 * In-memory caches hear every committed event on every instance (docs/architecture.md "Event bus";
 * docs/decisions/jobs-and-events.md "Instances hear each other's events"): this instance's commits
 * at once through `sink`, the others' through the `broadcast` consumer of the relay, which
 * publishes each event on the shared store (Redis pub/sub when configured) after its commit, with no
 * database lock held, and retries while the store is unreachable. A listener may hear an
 * event more than once; dropping a cache entry twice is harmless. Listeners must not throw or
 * block.
 */
export function createEventBus(
  store: SharedStore,
  wakeRelay: () => void,
  onError: (err: unknown) => void = () => {},
) {
  const listeners: { prefix: string; listener: EventListener }[] = []
  const commitHooks: CommitHook[] = []
  const resyncListeners: (() => void)[] = []
  const heard = new LRUCache<string, true>(entriesBound(HEARD_MAX))

  function notify(notice: EventNotice) {
    for (const { prefix, listener } of listeners) {
      if (!notice.type.startsWith(prefix)) continue
      // A committed write has been answered already: nothing a listener does may fail it.
      try {
        listener(notice)
      } catch (err) {
        onError(err)
      }
    }
  }

  store.onResync(() => {
    for (const listener of resyncListeners) {
      try {
        listener()
      } catch (err) {
        onError(err)
      }
    }
  })

  store.onInvalidate((key) => {
    if (!key.startsWith(CHANNEL_PREFIX)) return
    const message = JSON.parse(key.slice(CHANNEL_PREFIX.length)) as Broadcast
    // Heard already (at its commit here, or as the echo of a broadcast): hearing it again would only
    // drop what was cached since.
    if (message.ids.every((id) => heard.has(id))) return
    for (const id of message.ids) heard.set(id, true)
    notify(message.notice)
  })

  const noticeOf = (event: CommittedEvent): EventNotice => ({
    tenantId: event.tenantId,
    type: event.type,
    subjectId: event.subjectId ?? null,
  })

  const sink: EventSink = {
    committed(events) {
      const notices = events.map(noticeOf)
      for (const event of events) heard.set(event.id, true)
      for (const notice of notices) notify(notice)
      wakeRelay()
      if (commitHooks.length === 0) return
      // As with listeners, a hook's failure is reported and never fails the committed write.
      return Promise.all(commitHooks.map((hook) => hook(notices).catch(onError))).then(() => undefined)
    },
  }

  const broadcast: SideEffectConsumer = {
    name: 'broadcast',
    kind: 'sideEffect',
    discardAfterMs: BROADCAST_HORIZON_MS,
    async handle(events) {
      const byNotice = new Map<string, Broadcast>()
      for (const event of events) {
        const notice = noticeOf(event)
        const key = JSON.stringify(notice)
        const message = byNotice.get(key)
        if (message) message.ids.push(event.id)
        else byNotice.set(key, { notice, ids: [event.id] })
      }
      for (const message of byNotice.values()) {
        await store.invalidate(`${CHANNEL_PREFIX}${JSON.stringify(message)}`)
      }
    },
  }

  return {
    /** Calls `listener` for each event whose type starts with `typePrefix` ('' for all). */
    on(typePrefix: string, listener: EventListener) {
      listeners.push({ prefix: typePrefix, listener })
    },
    /**
     * Calls `listener` when this instance may have missed other instances' events (its subscription
     * was lost and is back): a cache drops everything it holds.
     */
    onResync(listener: () => void) {
      resyncListeners.push(listener)
    },
    /**
     * Runs `hook` on every commit of this instance, awaited by the write before it returns: for state
     * other instances read directly (the delivery cache's generations in Redis), so a read that
     * follows the write's answer, on any instance, sees the change.
     */
    afterCommit(hook: CommitHook) {
      commitHooks.push(hook)
    },
    sink,
    broadcast,
  }
}

export type EventBus = ReturnType<typeof createEventBus>

/** What a cache needs of the bus: the events it drops entries on, and the moments it starts afresh. */
export type CacheBus = Pick<EventBus, 'on' | 'onResync'>
