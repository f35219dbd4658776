import '@mantine/charts/styles.css'
import { BarChart } from '@mantine/charts'
import { useTranslation } from 'react-i18next'
import { ChartFigure } from '../../../lib/chart-figure'
import type { ApiStats } from '../api/dashboard'

/** The windows drawn, shortest first (the API's names). */
const WINDOWS = ['fourHour', 'daily', 'today', 'weekly', 'monthly'] as const

/**
 * The tenant's request counts per window as bars, each bar labelled with its number (colour
 * carries nothing), with the same numbers as a table on request. Loaded lazily: the charts
 * library stays out of the first screen.
 */
export function ApiUsageChart({ stats }: { stats: ApiStats }) {
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language)
  const rows = WINDOWS.map((window) => ({ window: t(`dashboard.period.${window}`), requests: stats[window] }))
  return (
    <ChartFigure
      title={t('dashboard.usageChart')}
      columns={[
        { key: 'window', label: t('dashboard.window') },
        { key: 'requests', label: t('dashboard.requestCount') },
      ]}
      rows={rows}
      format={(value) => number.format(value)}
    >
      <BarChart
        h={240}
        data={rows}
        dataKey="window"
        series={[{ name: 'requests', label: t('dashboard.requestCount'), color: 'blue.7' }]}
        withBarValueLabel
        valueFormatter={(value) => number.format(value)}
        tooltipAnimationDuration={0}
        barChartProps={{ accessibilityLayer: false }}
      />
    </ChartFigure>
  )
}
