import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../config.js'
import { DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS } from './declarations.js'
import { retryAt } from './service.js'

describe('retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, plus up to 10 % jitter', () => {
    const from = new Date('2026-01-01T00:00:00Z')
    const waits = (random: number) =>
      DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS.map(
        (_, index) =>
          (retryAt(from, index + 1, DEFAULT_WEBHOOK_RETRY_DELAYS_SECONDS, () => random).getTime() -
            from.getTime()) /
          1000,
      )
    expect(waits(0)).toEqual([5, 300, 1800, 7200, 18_000, 36_000, 36_000])
    expect(waits(0.999_999).map(Math.round)).toEqual([5, 330, 1980, 7920, 19_800, 39_600, 39_600])
  })
})

describe('configuration', () => {
  const base = { DATABASE_URL: 'memory://' }

  it('defaults to the schedule above and to no private addresses', () => {
    const config = loadConfig(base)
    expect(config.webhookRetryDelaysSeconds).toEqual([5, 300, 1800, 7200, 18_000, 36_000, 36_000])
    expect(config.outboundAllowPrivate).toBe(false)
    const custom = loadConfig({ ...base, WEBHOOK_RETRY_DELAYS: '0, 60', OUTBOUND_ALLOW_PRIVATE: 'true' })
    expect(custom.webhookRetryDelaysSeconds).toEqual([0, 60])
    expect(custom.outboundAllowPrivate).toBe(true)
  })

  it.each([
    [{ OUTBOUND_ALLOW_PRIVATE: 'yes' }, 'OUTBOUND_ALLOW_PRIVATE must be true or false, got "yes"'],
    [
      { WEBHOOK_RETRY_DELAYS: '5,soon' },
      'WEBHOOK_RETRY_DELAYS (each) must be an integer from 0 to 604800, got "soon"',
    ],
    [
      { WEBHOOK_RETRY_DELAYS: '-1' },
      'WEBHOOK_RETRY_DELAYS (each) must be an integer from 0 to 604800, got "-1"',
    ],
    [{ WEBHOOK_RETRY_DELAYS: Array(21).fill('1').join(',') }, 'WEBHOOK_RETRY_DELAYS lists at most 20 delays'],
  ])('refuses %o', (env, problem) => {
    let error: unknown
    try {
      loadConfig({ ...base, ...env })
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).problems).toEqual([problem])
  })
})
