import { RateLimiterRes } from 'rate-limiter-flexible'
import { describe, expect, it } from 'vitest'
import { BoundedMemoryLimiter } from './memory-limiter.js'

describe('BoundedMemoryLimiter', () => {
  it('counts and refuses like the in-memory limiter', async () => {
    const limiter = new BoundedMemoryLimiter({ points: 2, duration: 60 }, 10)
    expect((await limiter.consume('a')).consumedPoints).toBe(1)
    expect((await limiter.consume('a')).consumedPoints).toBe(2)
    const refused = await limiter.consume('a').catch((rejection: unknown) => rejection)
    expect(refused).toBeInstanceOf(RateLimiterRes)
    expect((refused as RateLimiterRes).msBeforeNext).toBeGreaterThan(59_000)
    expect((await limiter.penalty('b', 3)).consumedPoints).toBe(3)
    await limiter.reward('b')
    expect((await limiter.get('b'))?.consumedPoints).toBe(2)
    expect(await limiter.delete('b')).toBe(true)
    expect(await limiter.get('b')).toBeNull()
  })

  it('holds at most maxKeys keys, forgetting the oldest windows first', async () => {
    const limiter = new BoundedMemoryLimiter({ points: 100, duration: 60 }, 100)
    for (let n = 0; n < 250; n++) await limiter.consume(`client-${n}`)
    expect(limiter.size).toBe(100)
    // The newest keep their counts; one forgotten starts over.
    expect((await limiter.consume('client-249')).consumedPoints).toBe(2)
    expect((await limiter.consume('client-0')).consumedPoints).toBe(1)
    expect(limiter.size).toBe(100)
  })
})
