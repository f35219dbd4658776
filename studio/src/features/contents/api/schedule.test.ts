import { describe, expect, it } from 'vitest'
import { fromPickerValue, toPickerValue } from './schedule'

describe('the scheduled time between the picker and the API', () => {
  it('round-trips an instant through the local picker value', () => {
    const instant = '2027-03-01T09:30:00.000Z'
    const shown = toPickerValue(instant)
    expect(shown).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(fromPickerValue(shown)).toBe(instant)
  })

  it('reads nothing picked, or nonsense, as no time', () => {
    expect(toPickerValue(null)).toBeNull()
    expect(toPickerValue('not a date')).toBeNull()
    expect(fromPickerValue(null)).toBeNull()
    expect(fromPickerValue(' ')).toBeNull()
    expect(fromPickerValue('2027-13-45 99:00:00')).toBeNull()
  })
})
