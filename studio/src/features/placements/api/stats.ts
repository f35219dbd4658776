import type { PlacementStats } from './placements'

/** The counters drawn, each with its own colour and dash pattern. */
export const SERIES = [
  { name: 'impressions', color: 'blue.7', dash: undefined },
  { name: 'views', color: 'teal.8', dash: '8 4' },
  { name: 'clicks', color: 'orange.8', dash: '2 3' },
  { name: 'conversions', color: 'grape.7', dash: '10 3 2 3' },
] as const
type Counter = (typeof SERIES)[number]['name']

/** Every UTC day of the range with the sum of all experiences' counters (0 for a quiet day). */
export function dailyTotals(stats: PlacementStats): ({ day: string } & Record<Counter, number>)[] {
  const days: ({ day: string } & Record<Counter, number>)[] = []
  for (let at = Date.parse(stats.from); at <= Date.parse(stats.to); at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10)
    const point = { day, impressions: 0, views: 0, clicks: 0, conversions: 0 }
    for (const experience of stats.experiences) {
      const counts = experience.days.find((entry) => entry.day === day)
      if (counts) for (const { name } of SERIES) point[name] += counts[name]
    }
    days.push(point)
  }
  return days
}
