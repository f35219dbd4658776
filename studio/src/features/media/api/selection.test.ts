import { describe, expect, it } from 'vitest'
import { pageState, toggled, without, withPage } from './selection'

describe('the media selection', () => {
  it('ticks and unticks one item without changing the given set', () => {
    const start = new Set(['a'])
    const next = toggled(start, 'b', true)
    expect([...next]).toEqual(['a', 'b'])
    expect([...start]).toEqual(['a'])
    expect([...toggled(next, 'a', false)]).toEqual(['b'])
  })

  it('tells whether a page is wholly, partly or not ticked', () => {
    expect(pageState(new Set(['a', 'b']), ['a', 'b'])).toBe('all')
    expect(pageState(new Set(['a', 'x']), ['a', 'b'])).toBe('some')
    expect(pageState(new Set(['x']), ['a', 'b'])).toBe('none')
    expect(pageState(new Set(), [])).toBe('none')
  })

  it("ticks or unticks a whole page and keeps other pages' items", () => {
    expect([...withPage(new Set(['x']), ['a', 'b'], true)]).toEqual(['x', 'a', 'b'])
    expect([...withPage(new Set(['x', 'a', 'b']), ['a', 'b'], false)]).toEqual(['x'])
  })

  it('drops the deleted items', () => {
    expect([...without(new Set(['a', 'b', 'c']), ['a', 'c', 'z'])]).toEqual(['b'])
  })
})
