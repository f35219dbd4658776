import { describe, expect, it } from 'vitest'
import type { EventListener, EventNotice } from './bus.js'
import { createTenantCache } from './tenant-cache.js'

/** The part of the event bus a cache uses: listeners by type prefix, and a way to deliver a notice. */
function busOf() {
  const listeners: { prefix: string; listener: EventListener }[] = []
  const resyncs: (() => void)[] = []
  return {
    on(prefix: string, listener: EventListener) {
      listeners.push({ prefix, listener })
    },
    onResync(listener: () => void) {
      resyncs.push(listener)
    },
    resync() {
      for (const listener of resyncs) listener()
    },
    hear(type: string, tenantId: string) {
      const notice: EventNotice = { type, tenantId, subjectId: null }
      for (const { prefix, listener } of listeners) if (type.startsWith(prefix)) listener(notice)
    },
  }
}

describe('the per-tenant cache', () => {
  it('starts afresh for every tenant when the instance may have missed events (a resync)', async () => {
    const bus = busOf()
    const cache = createTenantCache<string>(bus, { dropOn: ['settings.'], ttlMs: 60_000 })
    let loads = 0
    const load = async () => `value ${++loads}`
    expect(await cache.get('t1', '', load)).toBe('value 1')
    expect(await cache.get('t2', '', load)).toBe('value 2')
    bus.resync()
    expect(cache.peek('t1')).toBeUndefined()
    expect(cache.peek('t2')).toBeUndefined()
    expect(await cache.get('t1', '', load)).toBe('value 3')
  })

  it('loads once, then answers from memory until an event of that tenant commits', async () => {
    const bus = busOf()
    const cache = createTenantCache<string>(bus, { dropOn: ['settings.'], ttlMs: 60_000 })
    let loads = 0
    const load = async () => `value ${++loads}`
    expect(await cache.get('t1', '', load)).toBe('value 1')
    expect(await cache.get('t1', '', load)).toBe('value 1')
    expect(cache.peek('t1')).toBe('value 1')
    bus.hear('settings.updated', 't2')
    expect(cache.peek('t1')).toBe('value 1')
    bus.hear('settings.updated', 't1')
    expect(cache.peek('t1')).toBeUndefined()
    expect(await cache.get('t1', '', load)).toBe('value 2')
    bus.hear('role.created', 't1')
    expect(cache.peek('t1')).toBe('value 2')
  })

  it('keeps no load that raced a change, and no answer of nothing found', async () => {
    const bus = busOf()
    const cache = createTenantCache<number>(bus, { dropOn: ['content.'], ttlMs: 60_000 })
    const raced = await cache.get('t1', 'list', async () => {
      bus.hear('content.updated', 't1')
      return 41
    })
    expect(raced).toBe(41)
    expect(cache.peek('t1', 'list')).toBeUndefined()
    expect(await cache.get('t1', 'gone', async () => undefined)).toBeUndefined()
    expect(cache.peek('t1', 'gone')).toBeUndefined()
  })

  it('drops every tenant on a platform-wide event, and sizes entries when told', async () => {
    const bus = busOf()
    const cache = createTenantCache<readonly string[]>(bus, {
      dropOn: [],
      clearOn: ['feature-flag.'],
      ttlMs: 60_000,
      max: 10,
      sizeOf: (ids) => ids.length,
    })
    await cache.get('t1', 'a', async () => ['x'])
    await cache.get('t2', 'a', async () => ['y'])
    bus.hear('feature-flag.updated', 'platform')
    expect([cache.peek('t1', 'a'), cache.peek('t2', 'a')]).toEqual([undefined, undefined])
    await cache.get('t1', 'big', async () => Array.from({ length: 9 }, (_, i) => `id${i}`))
    await cache.get('t1', 'small', async () => ['z'])
    expect(cache.peek('t1', 'big')).toBeUndefined()
    expect(cache.peek('t1', 'small')).toEqual(['z'])
  })
})
