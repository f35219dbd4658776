import { describe, expect, it } from 'vitest'
import { daysOfMonthSoFar } from './periods.js'

describe('daysOfMonthSoFar', () => {
  it('lists the UTC days of the month through today', () => {
    expect(daysOfMonthSoFar(Date.parse('2024-03-03T23:59:59Z'))).toEqual([
      '2024-03-01',
      '2024-03-02',
      '2024-03-03',
    ])
    expect(daysOfMonthSoFar(Date.parse('2024-02-01T00:00:00Z'))).toEqual(['2024-02-01'])
    expect(daysOfMonthSoFar(Date.parse('2024-02-29T12:00:00Z'))).toHaveLength(29)
  })
})
