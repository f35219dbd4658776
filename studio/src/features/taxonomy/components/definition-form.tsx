import { requestBodies } from '@folio/client'
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
import { useForm } from '@mantine/form'
import { IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { bodyValidator, memberOf } from '../../../lib/validation'
import { bodyOf, type DefinitionDraft, FIELD_TYPES, type FieldType, hasOptions } from '../api/custom-fields'

const FLAGS = ['required', 'public', 'filterable', 'searchable'] as const

/**
 * A custom field definition's form: key (on creation only: values are stored under it), label,
 * description, type, the options of select types, and its flags. Checked against the API's schema
 * of the body first; a problem of an option shows under the options, as the API's do.
 */
export function DefinitionForm({
  initial,
  creating,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: DefinitionDraft
  creating: boolean
  pending: boolean
  /** Sends the draft; a refusal lands at the member it names (a taken key at the key). */
  onSubmit: (draft: DefinitionDraft) => Promise<unknown>
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const form = useForm<DefinitionDraft>({
    initialValues: initial,
    // Errors stay until the next Save, as the API's do.
    clearInputErrorOnChange: false,
    validate: bodyValidator(
      creating ? requestBodies.createCustomFieldDefinition : requestBodies.updateCustomFieldDefinition,
      (draft: DefinitionDraft) => (creating ? { key: draft.key.trim(), ...bodyOf(draft) } : bodyOf(draft)),
      memberOf,
    ),
  })
  const draft = form.values
  const errors = form.errors as FieldErrors
  const set = (patch: Partial<DefinitionDraft>) => form.setValues(patch)
  const submit = form.onSubmit((values) =>
    onSubmit(values).catch((failure: unknown) => form.setErrors(fieldErrors(failure, { Conflict: 'key' }))),
  )

  return (
    <form onSubmit={submit}>
      <Stack>
        <TextInput
          label={t('taxonomy.fields.key')}
          description={t('taxonomy.fields.keyHint')}
          required={creating}
          disabled={!creating}
          {...form.getInputProps('key')}
          data-autofocus
        />
        <TextInput
          label={t('taxonomy.fields.label')}
          description={t('taxonomy.fields.labelHint')}
          {...form.getInputProps('label')}
        />
        <Textarea
          label={t('taxonomy.description')}
          {...form.getInputProps('description')}
          autosize
          minRows={2}
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
              {draft.options.map((_, index) => (
                // Options have no id of their own; their place in the list is their identity here.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
                  <TextInput
                    flex={1}
                    label={t('taxonomy.fields.optionLabel', { number: index + 1 })}
                    {...form.getInputProps(`options.${index}.label`, { withError: false })}
                  />
                  <TextInput
                    flex={1}
                    label={t('taxonomy.fields.optionValue', { number: index + 1 })}
                    placeholder={t('taxonomy.fields.optionValueHint')}
                    {...form.getInputProps(`options.${index}.value`, { withError: false })}
                  />
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    aria-label={t('taxonomy.fields.removeOption', { number: index + 1 })}
                    onClick={() => form.removeListItem('options', index)}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              ))}
              <Button
                variant="default"
                size="xs"
                w="fit-content"
                onClick={() => form.insertListItem('options', { label: '', value: '' })}
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
            {...form.getInputProps(flag, { type: 'checkbox' })}
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
