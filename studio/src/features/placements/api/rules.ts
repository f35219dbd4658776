import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'
import type { Rules } from './placements'

dayjs.extend(utc)
dayjs.extend(timezone)

/** The picker's wall-clock format. */
const WALL = 'YYYY-MM-DD HH:mm:ss'

/**
 * An instant as the wall-clock time of `timeZone`, what a date-time picker shows: schedules are
 * read in the placement's time zone, not the editor's.
 */
export function toWallTime(instant: string | undefined, timeZone: string): string | null {
  return instant === undefined ? null : dayjs(instant).tz(timeZone).format(WALL)
}

/** The instant a wall-clock time of `timeZone` names (the picker's value), as ISO 8601. */
export function fromWallTime(wall: string | null, timeZone: string): string | undefined {
  return wall === null ? undefined : dayjs.tz(wall, WALL, timeZone).toISOString()
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'object') return Object.keys(value).length === 0
  return false
}

/**
 * The rules without empty members (an empty list, schedule or cap means "no rule"), so what is
 * saved says only what the editor set; nested objects are cleaned too, and cookie
 * conditions without a name are left out.
 */
export function cleanRules(rules: Rules): Rules {
  const named = (list: { key: string }[] | undefined) => list?.filter((rule) => rule.key.trim() !== '')
  const cookies = rules.cookies && {
    include: named(rules.cookies.include),
    exclude: named(rules.cookies.exclude),
  }
  const clean = (object: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(object)
        .map(([key, value]): [string, unknown] => [
          key,
          value !== null && typeof value === 'object' && !Array.isArray(value)
            ? clean(value as Record<string, unknown>)
            : value,
        ])
        .filter(([, value]) => !isEmpty(value)),
    )
  return clean({ ...rules, cookies } as Record<string, unknown>) as Rules
}

/** A `name → value` map as editable rows (and back, rows without a name left out). */
export function rowsOf(map: Record<string, string> | undefined): [string, string][] {
  return Object.entries(map ?? {})
}

export function mapOf(rows: readonly [string, string][]): Record<string, string> {
  return Object.fromEntries(rows.filter(([name]) => name.trim() !== ''))
}
