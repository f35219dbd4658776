import { Box, Button, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** A column of a chart's data table: the row member it shows and its heading. */
export interface ChartColumn {
  key: string
  label: string
}

/** A series' look in a line legend: its colour and its dash pattern (so colour is never the only cue). */
export interface LineStyle {
  label: string
  color: string
  dash?: string
}

/**
 * A chart with its title, an optional legend and its numbers as a table, shown on request ("Show
 * as table"), so the figure reads without seeing colours or the drawing at all. `rows` are the
 * same numbers the chart draws; `format` writes a number for the table.
 */
export function ChartFigure({
  title,
  legend,
  columns,
  rows,
  format,
  children,
}: {
  title: string
  legend?: readonly LineStyle[]
  columns: readonly ChartColumn[]
  rows: readonly Record<string, string | number>[]
  format: (value: number) => string
  children: ReactNode
}) {
  const { t } = useTranslation()
  const [asTable, setAsTable] = useState(false)
  const titleId = useId()
  const tableId = useId()
  return (
    <Box component="figure" m={0} aria-labelledby={titleId}>
      <Group justify="space-between" align="center" mb="xs">
        <Title order={3} size="h5" id={titleId}>
          {title}
        </Title>
        <Button
          variant="default"
          size="xs"
          aria-expanded={asTable}
          aria-controls={tableId}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {asTable ? t('charts.hideTable') : t('charts.showTable')}
        </Button>
      </Group>
      {legend && <LineLegend items={legend} />}
      <div aria-hidden>{children}</div>
      <VisuallyHidden>{t('charts.tableHint')}</VisuallyHidden>
      <div id={tableId} hidden={!asTable}>
        {asTable && (
          <Table.ScrollContainer minWidth={360} type="native" tabIndex={0} role="region" aria-label={title}>
            <Table striped>
              <Table.Caption>{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.key} scope="col">
                      {column.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are the chart's points, in order
                  <Table.Tr key={index}>
                    {columns.map((column, at) => {
                      const value = row[column.key]
                      const text = typeof value === 'number' ? format(value) : (value ?? '')
                      return at === 0 ? (
                        <Table.Th key={column.key} scope="row" fw={400}>
                          {text}
                        </Table.Th>
                      ) : (
                        <Table.Td key={column.key}>{text}</Table.Td>
                      )
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
    </Box>
  )
}

/** A legend whose every entry shows its line's dash pattern beside its name. */
function LineLegend({ items }: { items: readonly LineStyle[] }) {
  return (
    <Group component="ul" gap="md" mb="xs" p={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Group component="li" key={item.label} gap={6} wrap="nowrap">
          <svg width="32" height="10" aria-hidden="true" focusable="false">
            <line
              x1="1"
              y1="5"
              x2="31"
              y2="5"
              stroke={`var(--mantine-color-${item.color.replace('.', '-')})`}
              strokeWidth="2.5"
              strokeDasharray={item.dash}
            />
          </svg>
          <Text size="sm">{item.label}</Text>
        </Group>
      ))}
    </Group>
  )
}
