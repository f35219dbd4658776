import type { SharedStore } from '../store/shared-store.js'
import type { CommittedEvent, EventSink } from './event-log.js'
import type { EventConsumer } from './relay.js'

/** What an in-memory cache needs to hear of an event. */
export interface EventNotice {
  /** null for an account event. */
  tenantId: string | null
  type: string
  subjectId: string | null
}

export type EventListener = (notice: EventNotice) => void

const CHANNEL_PREFIX = 'event:'

/**
 * In-memory caches hear every committed event on every instance (docs/architecture.md "Event bus";
 * docs/decisions/jobs-and-events.md "Instances hear each other's events"): this instance's commits
 * at once through `sink`, the others' through the `broadcast` consumer of the relay, which
 * publishes each event on the shared store (Redis pub/sub when configured). A listener may hear an
 * event more than once; dropping a cache entry twice is harmless. Listeners must not throw or
 * block.
 */
export function createEventBus(
  store: SharedStore,
  wakeRelay: () => void,
  onError: (err: unknown) => void = () => {},
) {
  const listeners: { prefix: string; listener: EventListener }[] = []

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

  store.onInvalidate((key) => {
    if (!key.startsWith(CHANNEL_PREFIX)) return
    notify(JSON.parse(key.slice(CHANNEL_PREFIX.length)) as EventNotice)
  })

  const noticeOf = (event: CommittedEvent): EventNotice => ({
    tenantId: event.tenantId,
    type: event.type,
    subjectId: event.subjectId ?? null,
  })

  const sink: EventSink = {
    committed(events) {
      for (const event of events) notify(noticeOf(event))
      wakeRelay()
    },
  }

  const broadcast: EventConsumer = {
    name: 'broadcast',
    async handle(_tx, events) {
      const distinct = new Set(events.map((event) => JSON.stringify(noticeOf(event))))
      for (const notice of distinct) await store.invalidate(`${CHANNEL_PREFIX}${notice}`)
    },
  }

  return {
    /** Calls `listener` for each event whose type starts with `typePrefix` ('' for all). */
    on(typePrefix: string, listener: EventListener) {
      listeners.push({ prefix: typePrefix, listener })
    },
    sink,
    broadcast,
  }
}

export type EventBus = ReturnType<typeof createEventBus>
