import { ActionIcon, Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core'
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import {
  canBeLocalized,
  canBeMultiple,
  canBeUnique,
  errorAt,
  FIELD_TYPES,
  type FieldDraft,
  type FieldType,
  localized,
} from '../api/collections'
import { LocaleMapInput } from './locale-map-input'

/**
 * One field of the schema builder: key and type (fixed once stored: entries were written under
 * them), label and description per language, flags the type allows (localized: on for good once
 * stored), enum options and the ref target. Errors come from the API's `details` under
 * `fields/<index>`.
 */
export function FieldEditor({
  field,
  index,
  count,
  targets,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  field: FieldDraft
  index: number
  count: number
  /** Keys of the collections a ref may target, with their names. */
  targets: { value: string; label: string }[]
  errors: Record<string, string>
  onChange: (field: FieldDraft) => void
  onMove: (by: -1 | 1) => void
  onRemove: () => void
}) {
  const { t, i18n } = useTranslation()
  const path = `fields/${index}`
  const name = field.key || t('collections.field.untitled', { number: index + 1 })
  const set = (patch: Partial<FieldDraft>) => onChange({ ...field, ...patch })
  const setOption = (at: number, patch: Partial<FieldDraft['options'][number]>) =>
    set({ options: field.options.map((option, i) => (i === at ? { ...option, ...patch } : option)) })
  const rowError = errors[path]

  return (
    <Paper withBorder p="sm" component="section" aria-label={t('collections.field.region', { name })}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{localized(field.label, i18n.language) || name}</Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              disabled={index === 0}
              aria-label={t('collections.field.up', { name })}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              disabled={index === count - 1}
              aria-label={t('collections.field.down', { name })}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              c="red.8"
              aria-label={t('collections.field.remove', { name })}
              onClick={onRemove}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            miw={160}
            label={t('collections.field.key')}
            description={field.stored ? t('collections.field.keyFixed') : t('collections.field.keyHint')}
            required
            disabled={field.stored}
            value={field.key}
            onChange={(event) => set({ key: event.currentTarget.value })}
            error={errors[`${path}/key`]}
          />
          <Select
            miw={160}
            label={t('collections.field.type')}
            disabled={field.stored}
            allowDeselect={false}
            value={field.type}
            data={FIELD_TYPES.map((type) => ({ value: type, label: t(`collections.types.${type}`) }))}
            onChange={(value) => {
              const type = (value ?? 'string') as FieldType
              set({
                type,
                unique: canBeUnique(type) && field.unique,
                multiple: canBeMultiple(type) && field.multiple,
                localized: canBeLocalized(type) && field.localized,
                options:
                  type === 'enum' && field.options.length === 0
                    ? [{ value: '', label: { [i18n.language]: '' } }]
                    : field.options,
              })
            }}
            error={errors[`${path}/type`]}
          />
        </Group>
        <LocaleMapInput
          label={t('collections.field.label')}
          required
          value={field.label}
          onChange={(label) => set({ label })}
          error={errorAt(errors, `${path}/label`)}
        />
        <LocaleMapInput
          label={t('collections.field.description')}
          value={field.description}
          onChange={(description) => set({ description })}
          error={errorAt(errors, `${path}/description`)}
        />
        <Group gap="lg">
          <Checkbox
            label={t('collections.field.required')}
            checked={field.required}
            onChange={(event) => set({ required: event.currentTarget.checked })}
          />
          {canBeUnique(field.type) && !field.multiple && (
            <Checkbox
              label={t('collections.field.unique')}
              // A value per locale is no key of an entry (the API refuses both).
              disabled={field.stored || field.localized}
              checked={field.unique}
              onChange={(event) => set({ unique: event.currentTarget.checked })}
              error={errors[`${path}/unique`]}
            />
          )}
          {canBeMultiple(field.type) && (
            <Checkbox
              label={t('collections.field.multiple')}
              disabled={field.stored}
              checked={field.multiple}
              onChange={(event) => set({ multiple: event.currentTarget.checked, unique: false })}
              error={errors[`${path}/multiple`]}
            />
          )}
          {canBeLocalized(field.type) && (
            <Checkbox
              label={t('collections.field.localized')}
              description={t('collections.field.localizedHelp')}
              disabled={field.storedLocalized || field.unique}
              checked={field.localized}
              onChange={(event) => set({ localized: event.currentTarget.checked })}
              error={errors[`${path}/localized`]}
            />
          )}
        </Group>
        {field.type === 'ref' && (
          <Select
            label={t('collections.field.ref')}
            required
            data={targets}
            value={field.ref || null}
            onChange={(value) => set({ ref: value ?? '' })}
            error={errors[`${path}/ref`]}
          />
        )}
        {field.type === 'enum' && (
          <Stack gap="xs">
            {field.options.map((option, at) => (
              // Options have no id of their own; their place in the list is their identity here.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Group key={at} align="flex-start" wrap="nowrap" gap="xs">
                <TextInput
                  w={140}
                  label={t('collections.field.optionValue', { number: at + 1 })}
                  value={option.value}
                  onChange={(event) => setOption(at, { value: event.currentTarget.value })}
                  error={errors[`${path}/options/${at}/value`]}
                />
                <Stack flex={1} gap={0}>
                  <LocaleMapInput
                    label={t('collections.field.optionLabel', { number: at + 1 })}
                    value={option.label}
                    onChange={(label) => setOption(at, { label })}
                    error={errorAt(errors, `${path}/options/${at}/label`)}
                  />
                </Stack>
                <ActionIcon
                  variant="subtle"
                  mt={22}
                  aria-label={t('collections.field.removeOption', { number: at + 1 })}
                  onClick={() => set({ options: field.options.filter((_, i) => i !== at) })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="default"
              size="xs"
              w="fit-content"
              onClick={() =>
                set({ options: [...field.options, { value: '', label: { [i18n.language]: '' } }] })
              }
            >
              {t('collections.field.addOption')}
            </Button>
            {errors[`${path}/options`] && (
              <Text c="red.8" size="sm" role="alert">
                {errors[`${path}/options`]}
              </Text>
            )}
          </Stack>
        )}
        {rowError && (
          <Text c="red.8" size="sm" role="alert">
            {rowError}
          </Text>
        )}
      </Stack>
    </Paper>
  )
}
