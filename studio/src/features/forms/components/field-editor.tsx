import { Alert, Checkbox, Fieldset, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import {
  type BuilderField,
  type BuilderValidation,
  FIELD_TYPES,
  type FieldType,
  NUMBER_TYPES,
  OPTION_TYPES,
  TEXT_TYPES,
} from '../api/definition'
import { OptionsEditor } from './options-editor'
import { TextsInput } from './texts-input'

/** What a number input gives back as a rule: a number, or nothing when cleared. */
const ruleOf = (value: string | number) => (typeof value === 'number' ? value : undefined)

/**
 * One field of the builder: type, id, texts per language, required, options of choice types and
 * the validation rules its type takes; `error` is the API's problem with this field.
 */
export function FieldEditor({
  field,
  name,
  error,
  onChange,
}: {
  field: BuilderField
  /** The field as a person names it (its label, else its id), for the labels of its controls. */
  name: string
  error: string | undefined
  onChange: (field: BuilderField) => void
}) {
  const { t } = useTranslation()
  const set = (patch: Partial<BuilderField>) => onChange({ ...field, ...patch })
  const setRules = (patch: Partial<BuilderValidation>) =>
    set({ validation: { ...field.validation, ...patch } })
  const isText = TEXT_TYPES.has(field.type)
  const isNumber = NUMBER_TYPES.has(field.type)
  const takesInput = field.type !== 'section'
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group grow align="flex-start" wrap="wrap">
        <Select
          miw={160}
          label={t('forms.builder.type')}
          allowDeselect={false}
          value={field.type}
          data={FIELD_TYPES.map((type) => ({ value: type, label: t(`forms.fieldType.${type}`) }))}
          onChange={(type) => type && set({ type: type as FieldType })}
        />
        <TextInput
          miw={160}
          label={t('forms.builder.id')}
          description={t('forms.builder.idHelp')}
          value={field.id}
          required
          onChange={(event) => set({ id: event.currentTarget.value })}
        />
      </Group>
      <TextsInput
        legend={t('forms.builder.label')}
        value={field.label}
        onChange={(label) => set({ label })}
      />
      {takesInput && !OPTION_TYPES.has(field.type) && field.type !== 'hidden' && (
        <TextsInput
          legend={t('forms.builder.placeholder')}
          value={field.placeholder}
          onChange={(placeholder) => set({ placeholder })}
        />
      )}
      <TextsInput
        legend={t('forms.builder.helpText')}
        value={field.helpText}
        onChange={(helpText) => set({ helpText })}
      />
      {takesInput && (
        <Checkbox
          label={t('forms.builder.required')}
          checked={field.required}
          onChange={(event) => set({ required: event.currentTarget.checked })}
        />
      )}
      {OPTION_TYPES.has(field.type) && (
        <OptionsEditor fieldName={name} options={field.options} onChange={(options) => set({ options })} />
      )}
      {(isText || isNumber) && (
        <Fieldset legend={t('forms.builder.validation')}>
          <Stack gap="xs">
            <Group grow align="flex-start" wrap="wrap">
              {isText && (
                <>
                  <NumberInput
                    miw={120}
                    label={t('forms.builder.minLength')}
                    min={0}
                    allowDecimal={false}
                    value={field.validation.minLength ?? ''}
                    onChange={(value) => setRules({ minLength: ruleOf(value) })}
                  />
                  <NumberInput
                    miw={120}
                    label={t('forms.builder.maxLength')}
                    min={1}
                    allowDecimal={false}
                    value={field.validation.maxLength ?? ''}
                    onChange={(value) => setRules({ maxLength: ruleOf(value) })}
                  />
                </>
              )}
              {isNumber && (
                <>
                  <NumberInput
                    miw={120}
                    label={t('forms.builder.min')}
                    value={field.validation.min ?? ''}
                    onChange={(value) => setRules({ min: ruleOf(value) })}
                  />
                  <NumberInput
                    miw={120}
                    label={t('forms.builder.max')}
                    value={field.validation.max ?? ''}
                    onChange={(value) => setRules({ max: ruleOf(value) })}
                  />
                </>
              )}
            </Group>
            {isText && (
              <TextInput
                label={t('forms.builder.pattern')}
                description={t('forms.builder.patternHelp')}
                maxLength={200}
                value={field.validation.pattern ?? ''}
                onChange={(event) => setRules({ pattern: event.currentTarget.value })}
              />
            )}
            <TextsInput
              legend={t('forms.builder.message')}
              value={field.validation.message}
              onChange={(message) => setRules({ message })}
            />
          </Stack>
        </Fieldset>
      )}
    </Stack>
  )
}
