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

/**
 * An event as every instance hears it, each once (`bus.onEvent`): the notice with the event's id,
 * commit time and catalog payload (slim by design: docs/architecture.md "Outbox"). `payload` is
 * null when the event came from another instance and its payload did not fit the broadcast
 * (`BROADCAST_MAX_BYTES`): the listener reads it from the outbox by id if it needs it.
 */
export interface HeardEvent extends EventNotice {
  id: string
  /** The commit time (the event's `createdAt`), ISO 8601. */
  at: string
  payload: Record<string, unknown> | null
}

export type HeardEventListener = (event: HeardEvent) => void

/** Work on this instance's commits that the write awaits before it returns (and so before it is answered). */
export type CommitHook = (notices: readonly EventNotice[]) => Promise<void>

const CHANNEL_PREFIX = 'event:'
/**
 * How many events an instance remembers having heard (at its own commit, or broadcast), so that a
 * broadcast that comes back (Redis and NOTIFY deliver to the sender too) does not drop the entries
 * cached since.
 */
const HEARD_MAX = 10_000

/**
 * A broadcast message: the notice, the ids of the events it stands for, and those events' commit
 * times and payloads (for `onEvent` listeners), in the order of `ids`.
 */
interface Broadcast {
  notice: EventNotice
  ids: string[]
  events: { at: string; payload: Record<string, unknown> | null }[]
}
/**
 * Largest broadcast message (bytes of its JSON): PostgreSQL's NOTIFY takes at most 8,000 bytes, so a
 * notice's events are split over several messages, and a payload that alone does not fit is sent
 * as null (the outbox keeps it).
 */
export const BROADCAST_MAX_BYTES = 7_000
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
  const eventListeners: HeardEventListener[] = []
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

  function tell(event: HeardEvent) {
    for (const listener of eventListeners) {
      try {
        listener(event)
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
    const fresh = message.ids.flatMap((id, index) => (heard.has(id) ? [] : [index]))
    if (fresh.length === 0) return
    for (const id of message.ids) heard.set(id, true)
    notify(message.notice)
    for (const index of fresh) {
      // A message of an older instance carries no events: the listener reads them from the outbox.
      const { at, payload } = message.events?.[index] ?? { at: new Date().toISOString(), payload: null }
      tell({ ...message.notice, id: message.ids[index]!, at, payload })
    }
  })

  /** The broadcast messages of `events` (`Broadcast`, prefixed), one or more per notice. */
  function broadcastsOf(events: readonly CommittedEvent[]): string[] {
    const byNotice = new Map<string, { notice: EventNotice; events: CommittedEvent[] }>()
    for (const event of events) {
      const notice = noticeOf(event)
      const key = JSON.stringify(notice)
      const group = byNotice.get(key)
      if (group) group.events.push(event)
      else byNotice.set(key, { notice, events: [event] })
    }
    return [...byNotice.values()].flatMap(({ notice, events: group }) =>
      messagesOf(notice, group).map((message) => `${CHANNEL_PREFIX}${JSON.stringify(message)}`),
    )
  }

  const sink: EventSink = {
    committed(events) {
      const notices = events.map(noticeOf)
      for (const event of events) heard.set(event.id, true)
      for (const notice of notices) notify(notice)
      if (eventListeners.length > 0) {
        for (const [index, event] of events.entries()) {
          tell({
            ...notices[index]!,
            id: event.id,
            at: event.createdAt.toISOString(),
            payload: event.payload,
          })
        }
      }
      wakeRelay()
      // Other instances hear it at once, before the relay's broadcast (a few statements later, and
      // up to its poll when another instance's relay took the events): that one stays the durable
      // path, so a message lost here costs nothing, and receivers drop the second they hear
      // (docs/decisions/live.md "Across instances").
      for (const message of broadcastsOf(events)) store.invalidate(message).catch(() => {})
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
      for (const message of broadcastsOf(events)) await store.invalidate(message)
    },
  }

  return {
    /** Calls `listener` for each event whose type starts with `typePrefix` ('' for all). */
    on(typePrefix: string, listener: EventListener) {
      listeners.push({ prefix: typePrefix, listener })
    },
    /**
     * Calls `listener` once for each committed event of any instance, with its id, commit time and
     * payload (`HeardEvent`): for what is built from each event rather than dropped on it (the
     * change streams, docs/decisions/live.md). Like `on`, it must not throw or block.
     */
    onEvent(listener: HeardEventListener) {
      eventListeners.push(listener)
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

function noticeOf(event: CommittedEvent): EventNotice {
  return { tenantId: event.tenantId, type: event.type, subjectId: event.subjectId ?? null }
}

/**
 * The broadcast messages of one notice's events, each within `BROADCAST_MAX_BYTES`: as few as fit,
 * in order; an event whose payload alone does not fit goes with a null payload.
 */
function messagesOf(notice: EventNotice, events: readonly CommittedEvent[]): Broadcast[] {
  const base = JSON.stringify({ notice, ids: [], events: [] }).length
  const messages: Broadcast[] = []
  let current: Broadcast = { notice, ids: [], events: [] }
  let size = base
  for (const event of events) {
    const at = event.createdAt.toISOString()
    let entry: Broadcast['events'][number] = { at, payload: event.payload }
    // Its id, and the separators it adds to both arrays.
    let cost = event.id.length + 4 + JSON.stringify(entry).length
    if (base + cost > BROADCAST_MAX_BYTES) {
      entry = { at, payload: null }
      cost = event.id.length + 4 + JSON.stringify(entry).length
    }
    if (current.ids.length > 0 && size + cost > BROADCAST_MAX_BYTES) {
      messages.push(current)
      current = { notice, ids: [], events: [] }
      size = base
    }
    current.ids.push(event.id)
    current.events.push(entry)
    size += cost
  }
  if (current.ids.length > 0) messages.push(current)
  return messages
}

export type EventBus = ReturnType<typeof createEventBus>

/** What a cache needs of the bus: the events it drops entries on, and the moments it starts afresh. */
export type CacheBus = Pick<EventBus, 'on' | 'onResync'>
