import { describe, expect, it } from 'vitest'
import { dailyTotals } from './stats'

const zero = {
  impressions: 0,
  views: 0,
  clicks: 0,
  conversions: 0,
  closes: 0,
  dismissals: 0,
  submits: 0,
  errors: 0,
}

describe('a placement’s daily totals for the chart', () => {
  it('has every day of the range, quiet days at 0, experiences summed', () => {
    const points = dailyTotals({
      from: '2026-11-01',
      to: '2026-11-03',
      totals: zero,
      experiences: [
        {
          experienceId: 'a',
          totals: zero,
          days: [{ day: '2026-11-01', ...zero, impressions: 3, clicks: 1 }],
        },
        {
          experienceId: 'b',
          totals: zero,
          days: [
            { day: '2026-11-01', ...zero, impressions: 2 },
            { day: '2026-11-03', ...zero, views: 4, conversions: 1 },
          ],
        },
      ],
    })
    expect(points).toEqual([
      { day: '2026-11-01', impressions: 5, views: 0, clicks: 1, conversions: 0 },
      { day: '2026-11-02', impressions: 0, views: 0, clicks: 0, conversions: 0 },
      { day: '2026-11-03', impressions: 0, views: 4, clicks: 0, conversions: 1 },
    ])
  })
})
