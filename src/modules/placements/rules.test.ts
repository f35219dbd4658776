import { describe, expect, it } from 'vitest'
import { assign, bucketOf } from './assignment.js'
import { globMatches } from './glob.js'
import { type DecisionContext, evaluate, type Rules } from './rules.js'
import { inSchedule } from './schedule.js'

const base: DecisionContext = { path: '/shop/shoes', sessionId: 's1' }
const now = new Date('2026-11-23T10:30:00Z') // a Monday
const codes = (rules: Rules, context: Partial<DecisionContext> = {}, at = now, timeZone = 'UTC') =>
  evaluate(rules, { ...base, ...context }, { now: at, timeZone, capKey: 'cap' }).map((r) => r.code)

describe('evaluate', () => {
  it('matches path globs, include and exclude', () => {
    expect(globMatches('/shop/*', '/shop/shoes')).toBe(true)
    expect(globMatches('/shop/*', '/shop/shoes/red')).toBe(false)
    expect(globMatches('/shop/**', '/shop/shoes/red?x=1')).toBe(true)
    expect(globMatches('/a.b', '/aXb')).toBe(false)
    expect(globMatches('/shop/**', '/shop')).toBe(true)
    expect(globMatches('/shop/**', '/shopping')).toBe(false)
    expect(codes({ paths: ['/shop/*'] })).toEqual([])
    expect(codes({ paths: ['/blog/**'] })).toEqual(['path_mismatch'])
    expect(codes({ paths: ['/shop/**'], pathMode: 'exclude' })).toEqual(['path_mismatch'])
  })

  it('is fail-closed: a rule whose context member is missing does not match', () => {
    expect(codes({ locales: ['de'] })).toEqual(['locale_mismatch'])
    expect(codes({ locales: ['de'] }, { locale: 'DE' })).toEqual([])
    expect(codes({ devices: ['mobile'], browsers: ['firefox'], os: ['ios'], countries: ['TR'] })).toEqual([
      'device_mismatch',
      'browser_mismatch',
      'os_mismatch',
      'country_mismatch',
    ])
    expect(codes({ authenticated: false })).toEqual(['auth_mismatch'])
    expect(codes({ authenticated: false }, { authenticated: false })).toEqual([])
    expect(codes({ roles: ['vip'] }, { userRoles: ['VIP'] })).toEqual([])
    expect(codes({ roles: ['vip'], userTags: ['x'] })).toEqual(['role_mismatch', 'tag_mismatch'])
    expect(codes({ excludeFlags: ['beta'] })).toEqual(['feature_flag_excluded'])
    expect(codes({ excludeFlags: ['beta'] }, { featureFlags: [] })).toEqual([])
    expect(codes({ requiredFlags: ['a', 'b'] }, { featureFlags: ['a'] })).toEqual(['feature_flag_missing'])
    expect(codes({ excludeReferrers: ['spam.example'] })).toEqual(['referrer_excluded'])
    expect(codes({ referrers: ['google.'] }, { referrer: 'https://www.google.com/' })).toEqual([])
    expect(codes({ query: { utm: 'x' } }, { query: { utm: 'y' } })).toEqual(['query_mismatch'])
  })

  it('checks cookies with every operator, include-all and exclude-any', () => {
    const rules: Rules = {
      cookies: {
        include: [
          { key: 'plan', operator: 'equals', value: 'pro' },
          { key: 'ab', operator: 'startsWith', value: 'b' },
        ],
        exclude: [{ key: 'optout', operator: 'exists' }],
      },
    }
    expect(codes(rules)).toEqual(['cookie_mismatch'])
    expect(codes(rules, { cookies: { plan: 'pro', ab: 'b2' } })).toEqual([])
    expect(codes(rules, { cookies: { plan: 'pro', ab: 'b2', optout: '1' } })).toEqual(['cookie_mismatch'])
    expect(
      codes({ cookies: { include: [{ key: 'x', operator: 'notContains', value: 'a' }] } }, { cookies: {} }),
    ).toEqual(['cookie_mismatch'])
  })

  it('reads schedules in the placement time zone', () => {
    // 10:30 UTC is 19:30 in Tokyo, Monday; 05:30 in New York.
    expect(inSchedule({ hoursOfDay: [19] }, now, 'Asia/Tokyo')).toBe(true)
    expect(inSchedule({ hoursOfDay: [19] }, now, 'UTC')).toBe(false)
    expect(inSchedule({ daysOfWeek: [1] }, now, 'America/New_York')).toBe(true)
    expect(inSchedule({ excludeDates: ['2026-11-23'] }, now, 'UTC')).toBe(false)
    expect(inSchedule({ excludeDates: ['2026-11-23'] }, new Date('2026-11-23T23:30:00Z'), 'Asia/Tokyo')).toBe(
      true,
    )
    expect(inSchedule({ startAt: '2026-12-01T00:00:00Z' }, now, 'UTC')).toBe(false)
    expect(inSchedule({ endAt: '2026-11-23T10:30:00Z' }, now, 'UTC')).toBe(false)
    expect(codes({ schedule: { daysOfWeek: [0, 6] } })).toEqual(['schedule_inactive'])
  })

  it('caps by the counts the site reports under the cap key; missing counts are 0', () => {
    expect(codes({ frequency: { maxPerSession: 1 } })).toEqual([])
    expect(codes({ frequency: { maxPerSession: 1 } }, { seenCaps: { cap: { session: 1 } } })).toEqual([
      'frequency_capped',
    ])
    expect(
      codes({ frequency: { maxPerDay: 3, maxTotal: 5 } }, { seenCaps: { cap: { day: 2, total: 5 } } }),
    ).toEqual(['frequency_capped'])
    expect(codes({ frequency: { maxPerDay: 3 } }, { seenCaps: { other: { day: 9 } } })).toEqual([])
  })
})

describe('assignment', () => {
  const experiences = [
    { id: 'a', priority: 50, weight: 1 },
    { id: 'b', priority: 50, weight: 3 },
    { id: 'low', priority: 10, weight: 100 },
    { id: 'zero', priority: 90, weight: 0 },
  ]

  it('is deterministic per visitor and placement version', () => {
    expect(bucketOf('p', 1, 'visitor')).toBe(bucketOf('p', 1, 'visitor'))
    expect(bucketOf('p', 1, 'visitor')).not.toBe(bucketOf('p', 2, 'visitor'))
    for (let n = 0; n < 100; n++) {
      const bucket = bucketOf('p', 1, `v${n}`)
      expect(bucket).toBeGreaterThanOrEqual(0)
      expect(bucket).toBeLessThan(1)
    }
  })

  it('takes the highest priority with weight, splitting by weight', () => {
    expect(assign(experiences, 0)?.id).toBe('a')
    expect(assign(experiences, 0.24)?.id).toBe('a')
    expect(assign(experiences, 0.26)?.id).toBe('b')
    expect(assign(experiences, 0.999)?.id).toBe('b')
    expect(assign([{ id: 'z', priority: 1, weight: 0 }], 0.5)).toBeUndefined()
    const counts = { a: 0, b: 0 }
    for (let n = 0; n < 4000; n++) counts[assign(experiences, bucketOf('p', 1, `v${n}`))?.id as 'a' | 'b']++
    expect(counts.a / 4000).toBeGreaterThan(0.22)
    expect(counts.a / 4000).toBeLessThan(0.28)
  })
})
