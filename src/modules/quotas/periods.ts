/**
 * UTC time windows of metering. The quota period is the calendar month in UTC (`periodKey`
 * `YYYY-MM`, reset at the first instant of the next month); counts are kept per UTC hour.
 */
const HOUR_MS = 3_600_000

export interface QuotaPeriod {
  /** `YYYY-MM` of the month `now` falls in. */
  key: string
  start: Date
  /** The first instant of the next month, when the quota resets. */
  resetAt: Date
}

export function quotaPeriod(now: number): QuotaPeriod {
  const date = new Date(now)
  const year = date.getUTCFullYear()
  const month = date.getUTCMonth()
  return {
    key: `${year}-${String(month + 1).padStart(2, '0')}`,
    start: new Date(Date.UTC(year, month, 1)),
    resetAt: new Date(Date.UTC(year, month + 1, 1)),
  }
}

/** The start of the UTC hour `now` falls in (epoch ms). */
export function hourOf(now: number): number {
  return now - (now % HOUR_MS)
}

/** Whole seconds until `resetAt`, at least 0. */
export function secondsUntil(resetAt: Date, now: number): number {
  return Math.max(0, Math.ceil((resetAt.getTime() - now) / 1000))
}

/**
 * The starts of the dashboard windows (spec `GET /api/dashboard/api-stats`): the current four-hour
 * UTC block (00, 04, … 20 h), the last 24 hourly buckets (this hour and the 23 before), the UTC day,
 * the ISO week (Monday 00:00 UTC) and the quota month.
 */
export function statsWindows(now: number) {
  const hour = hourOf(now)
  const date = new Date(now)
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
  const daysSinceMonday = (date.getUTCDay() + 6) % 7
  return {
    fourHour: new Date(hour - (new Date(hour).getUTCHours() % 4) * HOUR_MS),
    daily: new Date(hour - 23 * HOUR_MS),
    today: new Date(day),
    weekly: new Date(day - daysSinceMonday * 24 * HOUR_MS),
    monthly: quotaPeriod(now).start,
  }
}

/**
 * The UTC days of the quota month `now` falls in, from its first through today, as `YYYY-MM-DD`
 * (the dashboard's daily series).
 */
export function daysOfMonthSoFar(now: number): string[] {
  const date = new Date(now)
  const days: string[] = []
  for (let day = 1; day <= date.getUTCDate(); day++) {
    days.push(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), day)).toISOString().slice(0, 10))
  }
  return days
}

/**
 * The budgets a tenant's requests count against, each with its own monthly limit
 * (docs/decisions/quotas.md "Two budgets: admin and public"): `admin` for the authenticated tenant
 * routes, `public` for the delivery routes under `/api/public`.
 */
export type Budget = 'admin' | 'public'

/** The outcome of asking to count one request against a budget's monthly limit. */
export interface Reservation {
  budget: Budget
  /** false: the limit is reached; the request was not counted and must be refused (429). */
  allowed: boolean
  /** Requests counted in the period, this one included when allowed. */
  usage: number
  /** The budget's effective monthly limit; null = unlimited. */
  limit: number | null
  period: QuotaPeriod
  /**
   * false when the shared counter (Redis) could not be reached and this instance's own view
   * decided; the quota headers are then left out (as the API contract allows: absent when the
   * metering store is unavailable).
   */
  reported: boolean
}
