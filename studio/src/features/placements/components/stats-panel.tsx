import '@mantine/charts/styles.css'
import { LineChart } from '@mantine/charts'
import { Alert, Skeleton, Stack, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ChartFigure, type LineStyle } from '../../../lib/chart-figure'
import { type Placement, placementStatsQuery } from '../api/placements'
import { dailyTotals, SERIES } from '../api/stats'

/** The placement's daily counts over the last 30 days as a line chart (and table), and each experience's totals. */
export function StatsPanel({ tenantId, placement }: { tenantId: string; placement: Placement }) {
  const { t, i18n } = useTranslation()
  const { data, error } = useQuery(placementStatsQuery(tenantId, placement.id))
  const number = new Intl.NumberFormat(i18n.language)
  if (error)
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    )
  if (!data) return <Skeleton h={300} />
  const points = dailyTotals(data)
  const legend: LineStyle[] = SERIES.map((series) => ({
    label: t(`placements.stats.${series.name}`),
    color: series.color,
    ...(series.dash ? { dash: series.dash } : {}),
  }))
  const nameOf = (id: string) => placement.experiences.find((experience) => experience.id === id)?.name ?? id
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('placements.stats.range', { from: data.from, to: data.to })}
      </Text>
      <ChartFigure
        title={t('placements.stats.daily')}
        legend={legend}
        columns={[
          { key: 'day', label: t('placements.stats.day') },
          ...SERIES.map((series) => ({ key: series.name, label: t(`placements.stats.${series.name}`) })),
        ]}
        rows={points}
        format={(value) => number.format(value)}
      >
        <LineChart
          h={280}
          data={points}
          dataKey="day"
          series={SERIES.map((series) => ({
            name: series.name,
            label: t(`placements.stats.${series.name}`),
            color: series.color,
            ...(series.dash ? { strokeDasharray: series.dash } : {}),
          }))}
          curveType="linear"
          strokeWidth={2.5}
          withDots={false}
          valueFormatter={(value) => number.format(value)}
          tooltipAnimationDuration={0}
          lineChartProps={{ accessibilityLayer: false }}
        />
      </ChartFigure>
      <Table.ScrollContainer
        minWidth={480}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={t('placements.stats.byExperience')}
      >
        <Table>
          <Table.Caption>{t('placements.stats.byExperience')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('placements.stats.experience')}</Table.Th>
              {SERIES.map((series) => (
                <Table.Th key={series.name} scope="col">
                  {t(`placements.stats.${series.name}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.experiences.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={SERIES.length + 1}>{t('placements.stats.none')}</Table.Td>
              </Table.Tr>
            ) : (
              data.experiences.map((experience) => (
                <Table.Tr key={experience.experienceId}>
                  <Table.Th scope="row" fw={400}>
                    {nameOf(experience.experienceId)}
                  </Table.Th>
                  {SERIES.map((series) => (
                    <Table.Td key={series.name}>{number.format(experience.totals[series.name])}</Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  )
}
