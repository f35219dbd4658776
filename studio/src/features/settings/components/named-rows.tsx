import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** One entry of a map the API keeps by name (`features`, `limits.custom`). */
export interface NamedRow<V> {
  name: string
  value: V
}

/** A map's entries as rows, for editing (names in insertion order). */
export function rowsOf<V>(map: Record<string, V>): NamedRow<V>[] {
  return Object.entries(map).map(([name, value]) => ({ name, value }))
}

/** The rows as the map the API takes; rows left without a name are dropped. */
export function mapOf<V>(rows: NamedRow<V>[]): Record<string, V> {
  return Object.fromEntries(
    rows.filter((row) => row.name.trim() !== '').map((row) => [row.name.trim(), row.value]),
  )
}

/**
 * Rows of a name and a value, each removable, and a button adding one. A refusal naming an entry
 * (`errors[name]`) shows under that entry's name.
 */
export function NamedRows<V>({
  title,
  rows,
  onChange,
  fresh,
  errors,
  renderValue,
}: {
  title: string
  rows: NamedRow<V>[]
  onChange: (rows: NamedRow<V>[]) => void
  /** The value of an added row. */
  fresh: V
  errors: Record<string, string>
  renderValue: (row: NamedRow<V>, index: number, set: (value: V) => void) => ReactNode
}) {
  const { t } = useTranslation()
  const update = (index: number, row: NamedRow<V>) =>
    onChange(rows.map((old, i) => (i === index ? row : old)))
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {title}
      </Text>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('settings.named.none')}
        </Text>
      )}
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row's name is what is being edited.
        <Group key={index} align="flex-start" wrap="nowrap">
          <TextInput
            label={t('settings.named.name', { number: index + 1 })}
            value={row.name}
            onChange={(event) => update(index, { ...row, name: event.currentTarget.value })}
            error={errors[row.name.trim()]}
            style={{ flex: 1 }}
          />
          {renderValue(row, index, (value) => update(index, { ...row, value }))}
          <ActionIcon
            variant="subtle"
            color="red.9"
            mt={28}
            aria-label={t('settings.named.remove', { name: row.name || index + 1 })}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="default" size="xs" onClick={() => onChange([...rows, { name: '', value: fresh }])}>
          {t('settings.named.add')}
        </Button>
      </Group>
    </Stack>
  )
}
