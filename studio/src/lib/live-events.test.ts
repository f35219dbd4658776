import { describe, expect, it } from 'vitest'
import {
  type EventSourceLike,
  eventsUrl,
  listenTenantEvents,
  otherEditors,
  parseChange,
  parsePresence,
  refreshesContents,
} from './live-events'

/** An EventSource that records what it was opened on, and lets the test send it messages. */
class FakeSource implements EventSourceLike {
  listeners = new Map<string, ((event: { data?: unknown }) => void)[]>()
  closed = false
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: { data?: unknown }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.closed = true
  }
  send(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data: JSON.stringify(data) })
  }
}

function opener() {
  const opened: FakeSource[] = []
  return {
    opened,
    open: (url: string) => {
      const source = new FakeSource(url)
      opened.push(source)
      return source
    },
  }
}

describe('live events', () => {
  it('parses a change, and refuses what is not one', () => {
    expect(parseChange('{"type":"content.updated","subjectId":"c1","payload":{"title":"A"}}')).toEqual({
      type: 'content.updated',
      subjectId: 'c1',
      payload: { title: 'A' },
    })
    expect(parseChange('{"type":"settings.updated","subjectId":null}')).toEqual({
      type: 'settings.updated',
      subjectId: null,
      payload: {},
    })
    expect(parseChange('not json')).toBeUndefined()
    expect(parseChange('{"subjectId":"c1"}')).toBeUndefined()
    expect(parseChange('[1]')).toBeUndefined()
  })

  it('parses presence, leaving out editors without an id', () => {
    expect(
      parsePresence(
        '{"resource":"content","id":"c1","editors":[{"userId":"u1","name":"Ada"},{"name":"nobody"},{"userId":"u2"}]}',
      ),
    ).toEqual({
      resource: 'content',
      id: 'c1',
      editors: [
        { userId: 'u1', name: 'Ada' },
        { userId: 'u2', name: '' },
      ],
    })
    expect(parsePresence('{"resource":"content"}')).toBeUndefined()
  })

  it('names the other editors once each, without oneself', () => {
    expect(
      otherEditors(
        [
          { userId: 'me', name: 'Me' },
          { userId: 'u1', name: 'Ada' },
          { userId: 'u1', name: 'Ada' },
          { userId: 'u2', name: ' Grace ' },
        ],
        'me',
      ),
    ).toEqual(['Ada', 'Grace'])
    expect(otherEditors([{ userId: 'me', name: 'Me' }], 'me')).toEqual([])
  })

  it('refreshes contents for content events only', () => {
    const change = (type: string) => ({ type, subjectId: 'c1', payload: {} })
    expect(refreshesContents(change('content.updated'))).toBe(true)
    expect(refreshesContents(change('content.deleted'))).toBe(true)
    expect(refreshesContents(change('content-version.deleted'))).toBe(false)
    expect(refreshesContents(change('tag.updated'))).toBe(false)
  })

  it('shares one stream per tenant among its listeners and closes it after the last', () => {
    const { opened, open } = opener()
    const changes: string[] = []
    const presences: string[][] = []
    const stopLayout = listenTenantEvents('t1', { change: (m) => changes.push(`layout ${m.type}`) }, open)
    const stopEditor = listenTenantEvents(
      't1',
      {
        change: (m) => changes.push(`editor ${m.type}`),
        presence: (m) => presences.push(m.editors.map((e) => e.name)),
      },
      open,
    )
    expect(opened.map((source) => source.url)).toEqual([eventsUrl('t1')])
    expect(eventsUrl('t 1')).toBe('/api/events?tenant=t%201')

    opened[0]?.send('change', { type: 'content.created', subjectId: 'c1', payload: {} })
    opened[0]?.send('presence', { resource: 'content', id: 'c1', editors: [{ userId: 'u1', name: 'Ada' }] })
    expect(changes).toEqual(['layout content.created', 'editor content.created'])
    expect(presences).toEqual([['Ada']])

    stopEditor()
    stopEditor()
    expect(opened[0]?.closed).toBe(false)
    opened[0]?.send('change', { type: 'content.updated', subjectId: 'c1', payload: {} })
    expect(changes.at(-1)).toBe('layout content.updated')
    stopLayout()
    expect(opened[0]?.closed).toBe(true)

    // Another tenant, or the same one again, opens a stream of its own.
    const stop = listenTenantEvents('t2', {}, open)
    expect(opened.map((source) => source.url)).toEqual([eventsUrl('t1'), eventsUrl('t2')])
    stop()
  })
})
