import { describe, expect, it } from 'vitest'
import { createSharedStore } from '../store/shared-store.js'
import { BROADCAST_MAX_BYTES, createEventBus, type EventNotice, type HeardEvent } from './bus.js'
import type { CommittedEvent } from './event-log.js'

const event = (id: string, subjectId: string): CommittedEvent => ({
  id,
  type: 'content.updated',
  subjectId,
  payload: {},
  tenantId: 't1',
  actor: { kind: 'system', name: 'test' },
  ipAddress: null,
  createdAt: new Date(),
})

describe('the event bus', () => {
  it('tells listeners of a commit once: the broadcast of an event heard at its commit is not heard again', async () => {
    const store = await createSharedStore({})
    const bus = createEventBus(store, () => {})
    const heard: EventNotice[] = []
    bus.on('content.', (notice) => heard.push(notice))
    const mine = event('a'.repeat(24), 's1')
    await bus.sink.committed([mine])
    expect(heard).toEqual([{ tenantId: 't1', type: 'content.updated', subjectId: 's1' }])
    await bus.broadcast.handle([mine])
    expect(heard).toHaveLength(1)
  })

  it('tells listeners of another instance’s event once, though the broadcast comes back to its sender', async () => {
    const store = await createSharedStore({})
    const bus = createEventBus(store, () => {})
    const heard: EventNotice[] = []
    bus.on('', (notice) => heard.push(notice))
    const theirs = [event('b'.repeat(24), 's2'), event('c'.repeat(24), 's2'), event('d'.repeat(24), 's3')]
    await bus.broadcast.handle(theirs)
    // Two notices (s2's two events are one), each heard once.
    expect(heard.map((notice) => notice.subjectId)).toEqual(['s2', 's3'])
    await bus.broadcast.handle(theirs)
    expect(heard).toHaveLength(2)
    // A new event of a subject heard before is heard.
    await bus.broadcast.handle([event('e'.repeat(24), 's2')])
    expect(heard.map((notice) => notice.subjectId)).toEqual(['s2', 's3', 's2'])
  })

  it('hands onEvent listeners every event once, with id, commit time and payload, on both instances, at the commit', async () => {
    const store = await createSharedStore({})
    const here = createEventBus(store, () => {})
    const there = createEventBus(store, () => {})
    const heardHere: HeardEvent[] = []
    const heardThere: HeardEvent[] = []
    here.onEvent((heard) => heardHere.push(heard))
    there.onEvent((heard) => heardThere.push(heard))
    const at = new Date('2026-01-02T03:04:05.678Z')
    const big = { ...event('f'.repeat(24), 's4'), payload: { title: 'x'.repeat(BROADCAST_MAX_BYTES) } }
    const events = [
      { ...event('a'.repeat(24), 's1'), payload: { slug: 'one' }, createdAt: at },
      { ...event('b'.repeat(24), 's1'), payload: { slug: 'two' }, createdAt: at },
      big,
    ]
    await here.sink.committed(events)
    expect(heardHere.map((heard) => heard.id)).toEqual(events.map((committed) => committed.id))
    expect(heardHere[0]).toEqual({
      tenantId: 't1',
      type: 'content.updated',
      subjectId: 's1',
      id: 'a'.repeat(24),
      at: '2026-01-02T03:04:05.678Z',
      payload: { slug: 'one' },
    })
    // The other instance hears them at once, without waiting for the relay's broadcast; a payload
    // that does not fit a NOTIFY goes without it (the outbox has it).
    expect(heardThere.slice(0, 2)).toEqual(heardHere.slice(0, 2))
    expect(heardThere[2]).toEqual({ ...heardHere[2], payload: null })
    // The relay's broadcast, the durable path, is not heard twice.
    await here.broadcast.handle(events)
    expect(heardHere).toHaveLength(3)
    expect(heardThere).toHaveLength(3)
  })
})
