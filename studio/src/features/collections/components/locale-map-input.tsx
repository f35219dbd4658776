import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { LocaleMap } from '../api/collections'

/**
 * A text in several languages (the API's locale maps): one row per locale tag with its text, rows
 * added and removed; the whole group is named by `label`. `error` is the API's message for it.
 */
export function LocaleMapInput({
  label,
  value,
  onChange,
  required = false,
  error,
}: {
  label: string
  value: LocaleMap
  onChange: (value: LocaleMap) => void
  required?: boolean
  error?: string | undefined
}) {
  const { t } = useTranslation()
  const rows = Object.entries(value)
  // Renaming a locale keeps the rows' order: the map is rebuilt in place.
  const rename = (from: string, to: string) =>
    onChange(Object.fromEntries(rows.map(([locale, text]) => [locale === from ? to : locale, text])))
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Text component="legend" fw={500} size="sm" mb={4}>
        {label}
        {required && (
          <Text span c="red.8" aria-hidden>
            {' *'}
          </Text>
        )}
      </Text>
      <Stack gap={6}>
        {rows.map(([locale, text], index) => (
          // A row's place is its identity while its locale is being typed.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              w={80}
              label={t('collections.locale.tag')}
              value={locale}
              onChange={(event) => rename(locale, event.currentTarget.value)}
              size="xs"
            />
            <TextInput
              flex={1}
              label={t('collections.locale.text', { label, locale })}
              value={text}
              onChange={(event) => onChange({ ...value, [locale]: event.currentTarget.value })}
              size="xs"
            />
            {rows.length > 1 && (
              <ActionIcon
                variant="subtle"
                mt={22}
                aria-label={t('collections.locale.remove', { label, locale })}
                onClick={() => onChange(Object.fromEntries(rows.filter(([other]) => other !== locale)))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
        <Button
          variant="subtle"
          size="compact-xs"
          w="fit-content"
          disabled={'' in value}
          onClick={() => onChange({ ...value, '': '' })}
          aria-label={t('collections.locale.addTo', { label })}
        >
          {t('collections.locale.add')}
        </Button>
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </fieldset>
  )
}
