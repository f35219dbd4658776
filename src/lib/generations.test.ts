import { describe, expect, it } from 'vitest'
import { createGenerations } from './generations.js'

describe('generations', () => {
  it('moves a key on with each bump and never gives an evicted key a value it had before', () => {
    const generations = createGenerations(2)
    expect(generations.get('a')).toBe(0)
    generations.bump('a')
    generations.bump('a')
    const a = generations.get('a')
    expect(a).toBeGreaterThan(0)
    generations.bump('b')
    generations.bump('c')
    // 'a' was the least recently used of three: evicted, it reads at least what it last had.
    expect(generations.size).toBe(2)
    expect(generations.get('a')).toBeGreaterThanOrEqual(a)
    const readAfterEviction = generations.get('a')
    generations.bump('a')
    expect(generations.get('a')).toBeGreaterThan(readAfterEviction)
  })

  it('holds at most its bound however many keys are bumped', () => {
    const generations = createGenerations(100)
    const seen = new Map<string, number>()
    for (let index = 0; index < 10_000; index++) {
      const key = `tenant-${index % 500}`
      const before = generations.get(key)
      expect(before).toBeGreaterThanOrEqual(seen.get(key) ?? 0)
      generations.bump(key)
      seen.set(key, generations.get(key))
    }
    expect(generations.size).toBe(100)
  })
})
