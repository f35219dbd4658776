import { ActionIcon, Button, Fieldset, Group, Paper, Stack, TextInput } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { BuilderOption } from '../api/definition'
import { TextsInput } from './texts-input'

/** A choice field's options: the stored value and its label per language; added, removed. */
export function OptionsEditor({
  fieldName,
  options,
  onChange,
}: {
  fieldName: string
  options: BuilderOption[]
  onChange: (options: BuilderOption[]) => void
}) {
  const { t } = useTranslation()
  const change = (index: number, option: BuilderOption) =>
    onChange(options.map((old, i) => (i === index ? option : old)))
  return (
    <Fieldset legend={t('forms.builder.options')}>
      <Stack gap="xs">
        {options.map((option, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option's value is what is typed; its place is its identity here
          <Paper key={index} withBorder p="xs">
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                flex={1}
                label={t('forms.builder.optionValue', { n: index + 1 })}
                description={index === 0 ? t('forms.builder.optionValueHelp') : undefined}
                value={option.value}
                onChange={(event) => change(index, { ...option, value: event.currentTarget.value })}
              />
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('forms.builder.removeOption', { n: index + 1, field: fieldName })}
                onClick={() => onChange(options.filter((_, i) => i !== index))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
            <TextsInput
              legend={t('forms.builder.optionLabel', { n: index + 1 })}
              value={option.label}
              onChange={(label) => change(index, { ...option, label })}
            />
          </Paper>
        ))}
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() => onChange([...options, { value: `option_${options.length + 1}`, label: {} }])}
          >
            {t('forms.builder.addOption')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  )
}
