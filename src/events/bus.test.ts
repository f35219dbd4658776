import { describe, expect, it } from 'vitest'
import { createSharedStore } from '../store/shared-store.js'
import { createEventBus, type EventNotice } from './bus.js'
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
})
