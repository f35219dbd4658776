import { describe, expect, it } from 'vitest'
import { cleanRules, fromWallTime, mapOf, toWallTime } from './rules'

describe('placement rules in the editor', () => {
  it('reads schedule times in the placement time zone', () => {
    expect(fromWallTime('2026-03-01 09:30:00', 'Europe/Istanbul')).toBe('2026-03-01T06:30:00.000Z')
    expect(toWallTime('2026-03-01T06:30:00.000Z', 'Europe/Istanbul')).toBe('2026-03-01 09:30:00')
    expect(fromWallTime('2026-03-01 09:30:00', 'UTC')).toBe('2026-03-01T09:30:00.000Z')
    expect(toWallTime(undefined, 'UTC')).toBeNull()
    expect(fromWallTime(null, 'UTC')).toBeUndefined()
  })

  it('saves only the rules that say something', () => {
    expect(
      cleanRules({
        paths: ['/shop/**'],
        locales: [],
        schedule: { daysOfWeek: [], startAt: '2026-03-01T06:30:00.000Z' },
        frequency: {},
        cookies: { include: [] },
        authenticated: false,
      }),
    ).toEqual({
      paths: ['/shop/**'],
      schedule: { startAt: '2026-03-01T06:30:00.000Z' },
      authenticated: false,
    })
  })

  it('keeps only named rows of a name → value map', () => {
    expect(
      mapOf([
        ['utm', 'spring'],
        [' ', 'x'],
      ]),
    ).toEqual({ utm: 'spring' })
  })
})
