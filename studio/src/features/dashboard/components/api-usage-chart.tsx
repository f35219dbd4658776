import '@mantine/charts/styles.css'
import { LineChart } from '@mantine/charts'
import { useTranslation } from 'react-i18next'
import { ChartFigure, type LineStyle } from '../../../lib/chart-figure'
import type { ApiStats } from '../api/dashboard'

/** The budgets drawn, each with its own colour and dash pattern (colour is never the only cue). */
const SERIES = [
  { name: 'public', label: 'budgets.public', color: 'blue.7', dash: undefined },
  { name: 'admin', label: 'budgets.admin', color: 'orange.8', dash: '8 4' },
] as const

/**
 * The month's requests per UTC day (`days` of `GET /api/dashboard/api-stats`) as a line per budget,
 * with the same numbers, and each day's total, as a table on request. Loaded lazily: the charts
 * library stays out of the first screen.
 */
export function ApiUsageChart({ stats }: { stats: ApiStats }) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language)
  const dayName = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' })
  const rows = stats.days.map((day) => ({
    day: dayName.format(new Date(`${day.date}T00:00:00Z`)),
    public: day.public,
    admin: day.admin,
    requests: day.requests,
  }))
  const legend: LineStyle[] = SERIES.map((series) => ({
    label: t(series.label),
    color: series.color,
    ...(series.dash ? { dash: series.dash } : {}),
  }))
  return (
    <ChartFigure
      title={t('dashboard.usageChart')}
      legend={legend}
      columns={[
        { key: 'day', label: t('dashboard.day') },
        ...SERIES.map((series) => ({ key: series.name, label: t(series.label) })),
        { key: 'requests', label: t('dashboard.requestCount') },
      ]}
      rows={rows}
      format={(value) => number.format(value)}
    >
      <LineChart
        h={240}
        data={rows}
        dataKey="day"
        series={SERIES.map((series) => ({
          name: series.name,
          label: t(series.label),
          color: series.color,
          ...(series.dash ? { strokeDasharray: series.dash } : {}),
        }))}
        curveType="linear"
        strokeWidth={2.5}
        withDots={rows.length === 1}
        valueFormatter={(value) => number.format(value)}
        tooltipAnimationDuration={0}
        lineChartProps={{ accessibilityLayer: false }}
      />
    </ChartFigure>
  )
}
