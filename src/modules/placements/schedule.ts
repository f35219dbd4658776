/**
 * Schedules and frequency caps of an experience (docs/decisions/menus-and-placements.md "Targeting
 * fails closed"): when it may show, read in the placement's time zone, and how often, from the
 * counts the site reports.
 */

export interface Schedule {
  startAt?: string | undefined
  endAt?: string | undefined
  /** 0 = Sunday … 6 = Saturday, in the placement's time zone. */
  daysOfWeek?: number[] | undefined
  /** 0..23 in the placement's time zone. */
  hoursOfDay?: number[] | undefined
  /** `YYYY-MM-DD` dates in the placement's time zone. */
  excludeDates?: string[] | undefined
}

export interface Frequency {
  maxPerSession?: number | undefined
  maxPerDay?: number | undefined
  maxPerWeek?: number | undefined
  maxPerMonth?: number | undefined
  maxTotal?: number | undefined
  /** The counter the caps read from `context.seenCaps`; default the experience id. */
  capKey?: string | undefined
}

/** Counts of what a visitor has seen under one cap key, as the site tracked them. */
export interface SeenCounts {
  session?: number | undefined
  day?: number | undefined
  week?: number | undefined
  month?: number | undefined
  total?: number | undefined
}

/** Calendar parts of `at` in `timeZone` (an IANA name already checked on write). */
export function zonedParts(at: Date, timeZone: string): { date: string; weekday: number; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  )
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '')
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday, hour: Number(parts.hour) }
}

/** Whether `now` falls in the schedule, read in `timeZone`. */
export function inSchedule(schedule: Schedule | undefined, now: Date, timeZone: string): boolean {
  if (schedule === undefined) return true
  if (schedule.startAt !== undefined && now.getTime() < Date.parse(schedule.startAt)) return false
  if (schedule.endAt !== undefined && now.getTime() >= Date.parse(schedule.endAt)) return false
  const local = zonedParts(now, timeZone)
  if (schedule.daysOfWeek?.length && !schedule.daysOfWeek.includes(local.weekday)) return false
  if (schedule.hoursOfDay?.length && !schedule.hoursOfDay.includes(local.hour)) return false
  return !(schedule.excludeDates ?? []).includes(local.date)
}

/** The first cap the visitor reached, or undefined. Counts the site did not send are 0 (a new visitor). */
export function cappedBy(frequency: Frequency | undefined, seen: SeenCounts | undefined): string | undefined {
  if (frequency === undefined) return undefined
  const limits: [keyof SeenCounts, number | undefined][] = [
    ['session', frequency.maxPerSession],
    ['day', frequency.maxPerDay],
    ['week', frequency.maxPerWeek],
    ['month', frequency.maxPerMonth],
    ['total', frequency.maxTotal],
  ]
  for (const [window, max] of limits) {
    if (max !== undefined && (seen?.[window] ?? 0) >= max) return window
  }
  return undefined
}
