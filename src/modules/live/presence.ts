import type { SharedStore } from '../../store/shared-store.js'

/** An editor present on a record: who, and since when (ISO 8601). */
export interface Editor {
  userId: string
  name: string
  since: string
}

/** One announcement or departure, broadcast to every instance (this one included). */
interface PresenceOp {
  op: 'put' | 'delete'
  tenantId: string
  resource: string
  id: string
  userId: string
  name: string
  since: string
  /** When it was announced (ms since the epoch). */
  seenAt: number
}

interface Entry {
  name: string
  since: string
  seenAt: number
}

const CHANNEL_PREFIX = 'presence:'

export interface PresenceOptions {
  store: SharedStore
  /** An entry lapses this long after its last announcement (ms). */
  lapseMs: number
  /** Called on this instance when the set of editors of a record changed (a join, a departure, a lapse). */
  onChange(tenantId: string, resource: string, id: string, editors: Editor[]): void
  onError(err: unknown): void
}

/**
 * Who is editing what (docs/decisions/live.md "Presence"), shared across instances: each
 * announcement and departure is broadcast on the shared store's invalidation channel (Redis
 * pub/sub, or LISTEN/NOTIFY), and every instance keeps a mirror of them from which it tells its own
 * streams of joins, departures and lapses. With Redis the entries are also kept there (a hash per
 * record, expiring), which `editors` reads, so an instance started after an announcement knows it;
 * without Redis (or while it is away) the mirror answers.
 */
export function createPresence(options: PresenceOptions) {
  const { store, lapseMs } = options
  const mirror = new Map<string, Map<string, Entry>>()
  const keyOf = (tenantId: string, resource: string, id: string) => `${tenantId}:${resource}:${id}`
  const redisKey = (key: string) => `${store.prefix}presence:${key}`

  const fresh = (entry: Entry, now: number) => entry.seenAt > now - lapseMs
  const listOf = (entries: Iterable<[string, Entry]>, now: number): Editor[] =>
    [...entries]
      .filter(([, entry]) => fresh(entry, now))
      .map(([userId, entry]) => ({ userId, name: entry.name, since: entry.since }))
      .sort((a, b) => a.since.localeCompare(b.since) || a.userId.localeCompare(b.userId))

  async function editorsOf(tenantId: string, resource: string, id: string): Promise<Editor[]> {
    const key = keyOf(tenantId, resource, id)
    const now = Date.now()
    if (store.redis !== undefined && store.available()) {
      try {
        const stored = await store.redis.hgetall(redisKey(key))
        return listOf(
          Object.entries(stored).map(([userId, value]) => [userId, JSON.parse(value) as Entry]),
          now,
        )
      } catch (err) {
        options.onError(err)
      }
    }
    return listOf(mirror.get(key)?.entries() ?? [], now)
  }

  function changed(tenantId: string, resource: string, id: string) {
    editorsOf(tenantId, resource, id).then(
      (editors) => options.onChange(tenantId, resource, id, editors),
      options.onError,
    )
  }

  store.onInvalidate((message) => {
    if (!message.startsWith(CHANNEL_PREFIX)) return
    const op = JSON.parse(message.slice(CHANNEL_PREFIX.length)) as PresenceOp
    const key = keyOf(op.tenantId, op.resource, op.id)
    const entries = mirror.get(key) ?? new Map<string, Entry>()
    const now = Date.now()
    const before = entries.get(op.userId)
    const wasThere = before !== undefined && fresh(before, now)
    sweep ??= setInterval(lapse, sweepEvery).unref()
    if (op.op === 'put') entries.set(op.userId, { name: op.name, since: op.since, seenAt: op.seenAt })
    else entries.delete(op.userId)
    if (entries.size === 0) mirror.delete(key)
    else mirror.set(key, entries)
    if (wasThere !== (op.op === 'put')) changed(op.tenantId, op.resource, op.id)
  })

  // Lapses: each instance sweeps its own mirror and tells its own streams. Started with the first
  // announcement heard: a process that hears none runs no timer.
  let sweep: NodeJS.Timeout | undefined
  const sweepEvery = Math.max(50, Math.min(5000, Math.floor(lapseMs / 4)))
  const lapse = () => {
    const now = Date.now()
    for (const [key, entries] of mirror) {
      let lapsed = false
      for (const [userId, entry] of entries) {
        if (fresh(entry, now)) continue
        entries.delete(userId)
        lapsed = true
      }
      if (entries.size === 0) mirror.delete(key)
      if (!lapsed) continue
      const [tenantId = '', resource = '', id = ''] = key.split(':')
      changed(tenantId, resource, id)
    }
  }

  async function publish(op: PresenceOp) {
    const key = keyOf(op.tenantId, op.resource, op.id)
    if (store.redis !== undefined && store.available()) {
      try {
        if (op.op === 'put') {
          const entry: Entry = { name: op.name, since: op.since, seenAt: op.seenAt }
          await store.redis
            .multi()
            .hset(redisKey(key), op.userId, JSON.stringify(entry))
            .pexpire(redisKey(key), lapseMs * 2)
            .exec()
        } else {
          await store.redis.hdel(redisKey(key), op.userId)
        }
      } catch (err) {
        // The broadcast still reaches every instance's mirror.
        options.onError(err)
      }
    }
    await store.invalidate(`${CHANNEL_PREFIX}${JSON.stringify(op)}`)
  }

  return {
    /**
     * Announces `user` on a record (a heartbeat: Studio repeats it every 15 s); the entry lapses
     * `lapseMs` after the last one. `since` is kept from a fresh earlier announcement; returns it.
     */
    async announce(
      tenantId: string,
      resource: string,
      id: string,
      user: { userId: string; name: string },
    ): Promise<string> {
      const now = Date.now()
      const current = (await editorsOf(tenantId, resource, id)).find(
        (editor) => editor.userId === user.userId,
      )
      const since = current?.since ?? new Date(now).toISOString()
      await publish({
        op: 'put',
        tenantId,
        resource,
        id,
        userId: user.userId,
        name: user.name,
        since,
        seenAt: now,
      })
      return since
    },

    /** Removes `userId` from a record's editors at once. */
    async leave(tenantId: string, resource: string, id: string, userId: string) {
      await publish({ op: 'delete', tenantId, resource, id, userId, name: '', since: '', seenAt: Date.now() })
    },

    /** The record's editors whose last announcement is younger than the lapse, earliest first. */
    editors: editorsOf,

    close() {
      clearInterval(sweep)
    },
  }
}

export type Presence = ReturnType<typeof createPresence>
