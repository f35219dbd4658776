import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldErrors } from '../../../lib/errors'
import { type DefinitionDraft, FIELD_TYPES, type FieldType, hasOptions } from '../api/custom-fields'

const FLAGS = ['required', 'public', 'filterable', 'searchable'] as const

/**
 * A custom field definition's form: key (on creation only: values are stored under it), label,
 * description, type, the options of select types, and its flags.
 */
export function DefinitionForm({
  initial,
  creating,
  errors,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: DefinitionDraft
  creating: boolean
  errors: FieldErrors
  pending: boolean
  onSubmit: (draft: DefinitionDraft) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(initial)
  const set = (patch: Partial<DefinitionDraft>) => setDraft((current) => ({ ...current, ...patch }))
  const setOption = (index: number, patch: Partial<DefinitionDraft['options'][number]>) =>
    set({ options: draft.options.map((option, at) => (at === index ? { ...option, ...patch } : option)) })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit(draft)
  }

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label={t('taxonomy.fields.key')}
          description={t('taxonomy.fields.keyHint')}
          required={creating}
          disabled={!creating}
          value={draft.key}
          onChange={(event) => set({ key: event.currentTarget.value })}
          error={errors.key}
          data-autofocus
        />
        <TextInput
          label={t('taxonomy.fields.label')}
          description={t('taxonomy.fields.labelHint')}
          value={draft.label}
          onChange={(event) => set({ label: event.currentTarget.value })}
          error={errors.label}
        />
        <Textarea
          label={t('taxonomy.description')}
          value={draft.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
          autosize
          minRows={2}
          error={errors.description}
        />
        <Select
          label={t('taxonomy.fields.type')}
          value={draft.type}
          allowDeselect={false}
          onChange={(value) => {
            const type = (value ?? 'text') as FieldType
            set({
              type,
              options:
                hasOptions(type) && draft.options.length === 0 ? [{ label: '', value: '' }] : draft.options,
            })
          }}
          data={FIELD_TYPES.map((type) => ({ value: type, label: t(`taxonomy.fields.types.${type}`) }))}
          error={errors.type}
        />
        {hasOptions(draft.type) && (
          <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
            <Text component="legend" fw={500} size="sm" mb={4}>
              {t('taxonomy.fields.options')}
            </Text>
            <Stack gap="xs">
              {draft.options.map((option, index) => (
                // Options have no id of their own; their place in the list is their identity here.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    flex={1}
                    label={t('taxonomy.fields.optionLabel', { number: index + 1 })}
                    value={option.label}
                    onChange={(event) => setOption(index, { label: event.currentTarget.value })}
                  />
                  <TextInput
                    flex={1}
                    label={t('taxonomy.fields.optionValue', { number: index + 1 })}
                    placeholder={t('taxonomy.fields.optionValueHint')}
                    value={option.value}
                    onChange={(event) => setOption(index, { value: event.currentTarget.value })}
                  />
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t('taxonomy.fields.removeOption', { number: index + 1 })}
                    onClick={() => set({ options: draft.options.filter((_, at) => at !== index) })}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              ))}
              <Button
                variant="default"
                size="xs"
                w="fit-content"
                onClick={() => set({ options: [...draft.options, { label: '', value: '' }] })}
              >
                {t('taxonomy.fields.addOption')}
              </Button>
              {errors.options && (
                <Text c="red.8" size="sm" role="alert">
                  {errors.options}
                </Text>
              )}
            </Stack>
          </fieldset>
        )}
        {FLAGS.map((flag) => (
          <Checkbox
            key={flag}
            label={t(`taxonomy.fields.${flag}`)}
            description={t(`taxonomy.fields.${flag}Hint`)}
            checked={draft[flag]}
            onChange={(event) => set({ [flag]: event.currentTarget.checked })}
            error={errors[flag]}
          />
        ))}
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('taxonomy.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {creating ? t('taxonomy.create') : t('taxonomy.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
