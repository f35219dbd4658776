import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/** Editable `name = value` rows (query parameters, cookies of a sample visitor …). */
export function PairsInput({
  legend,
  rows,
  onChange,
}: {
  legend: string
  rows: [string, string][]
  onChange: (rows: [string, string][]) => void
}) {
  const { t } = useTranslation()
  const set = (index: number, row: [string, string]) =>
    onChange(rows.map((current, at) => (at === index ? row : current)))
  return (
    <Fieldset legend={legend} variant="unstyled">
      <Stack gap="xs">
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('placements.pairs.none')}
          </Text>
        )}
        {rows.map(([name, value], index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('placements.pairs.name', { index: index + 1 })}
              value={name}
              onChange={(event) => set(index, [event.currentTarget.value, value])}
            />
            <TextInput
              label={t('placements.pairs.value', { index: index + 1 })}
              value={value}
              onChange={(event) => set(index, [name, event.currentTarget.value])}
            />
            <ActionIcon
              variant="subtle"
              color="red.8"
              size="lg"
              aria-label={t('placements.pairs.remove', { index: index + 1 })}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Button variant="default" size="xs" w="fit-content" onClick={() => onChange([...rows, ['', '']])}>
          {t('placements.pairs.add')}
        </Button>
      </Stack>
    </Fieldset>
  )
}
