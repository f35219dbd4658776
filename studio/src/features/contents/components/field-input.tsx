import { JsonInput, MultiSelect, NumberInput, Select, Switch, TagsInput, TextInput } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import i18n from 'i18next'
import { type JSX, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldDefinition } from '../api/contents'

/** What every field editor gets: the definition, the value (null: none), and where errors go. */
export interface FieldInputProps {
  definition: FieldDefinition
  value: unknown
  onChange: (value: unknown) => void
  error?: string
}

const common = (props: FieldInputProps) => ({
  label: props.definition.label || props.definition.key,
  description: props.definition.description || undefined,
  required: props.definition.required,
  error: props.error,
})

const text = (value: unknown) => (typeof value === 'string' ? value : '')
const list = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
const options = (definition: FieldDefinition) =>
  definition.options.map((option) => ({ value: option.value, label: option.label }))
/** An emptied text field is no value (null), which a required field then refuses by name. */
const orNull = (value: string) => (value === '' ? null : value)

function JsonField(props: FieldInputProps) {
  const { t } = useTranslation()
  const [source, setSource] = useState(() =>
    props.value === null || props.value === undefined ? '' : JSON.stringify(props.value, null, 2),
  )
  const [invalid, setInvalid] = useState(false)
  return (
    <JsonInput
      {...common(props)}
      value={source}
      autosize
      minRows={3}
      formatOnBlur
      onChange={(next) => {
        setSource(next)
        if (next.trim() === '') {
          setInvalid(false)
          props.onChange(null)
          return
        }
        try {
          props.onChange(JSON.parse(next))
          setInvalid(false)
        } catch {
          setInvalid(true)
        }
      }}
      error={invalid ? t('editor.fields.invalidJson') : props.error}
    />
  )
}

function ReferenceField(props: FieldInputProps) {
  const { t } = useTranslation()
  return (
    <TextInput
      {...common(props)}
      description={props.definition.description || t('editor.fields.referenceHint')}
      value={text(props.value)}
      onChange={(event) => props.onChange(orNull(event.currentTarget.value.trim()))}
    />
  )
}

function MultiReferenceField(props: FieldInputProps) {
  const { t } = useTranslation()
  return (
    <TagsInput
      {...common(props)}
      description={props.definition.description || t('editor.fields.referencesHint')}
      value={list(props.value)}
      onChange={(ids) => props.onChange(ids.length === 0 ? null : ids)}
    />
  )
}

/**
 * How a custom field's value is edited, by field type (docs/decisions/content.md "Custom field
 * definitions"): one registry, so every screen that edits custom fields renders them alike. A
 * type missing here is edited as JSON.
 */
export const FIELD_INPUTS: Record<string, (props: FieldInputProps) => JSX.Element> = {
  text: (props) => (
    <TextInput
      {...common(props)}
      value={text(props.value)}
      onChange={(event) => props.onChange(orNull(event.currentTarget.value))}
    />
  ),
  number: (props) => (
    <NumberInput
      {...common(props)}
      value={typeof props.value === 'number' ? props.value : ''}
      onChange={(value) => props.onChange(typeof value === 'number' ? value : null)}
    />
  ),
  boolean: (props) => (
    <Switch
      {...common(props)}
      checked={props.value === true}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
    />
  ),
  date: (props) => (
    <DateInput
      {...common(props)}
      value={typeof props.value === 'string' ? props.value.slice(0, 10) : null}
      onChange={(value) => props.onChange(value === null || value === '' ? null : String(value).slice(0, 10))}
      valueFormat="YYYY-MM-DD"
      clearable
      clearButtonProps={{ 'aria-label': i18n.t('editor.fields.clear') }}
    />
  ),
  select: (props) => (
    <Select
      {...common(props)}
      data={options(props.definition)}
      value={typeof props.value === 'string' ? props.value : null}
      onChange={(value) => props.onChange(value)}
      clearable
      clearButtonProps={{ 'aria-label': i18n.t('editor.fields.clear') }}
    />
  ),
  'multi-select': (props) => (
    <MultiSelect
      {...common(props)}
      data={options(props.definition)}
      value={list(props.value)}
      onChange={(values) => props.onChange(values.length === 0 ? null : values)}
    />
  ),
  url: (props) => (
    <TextInput
      {...common(props)}
      type="url"
      value={text(props.value)}
      onChange={(event) => props.onChange(orNull(event.currentTarget.value.trim()))}
    />
  ),
  json: (props) => <JsonField {...props} />,
  reference: (props) => <ReferenceField {...props} />,
  'multi-reference': (props) => <MultiReferenceField {...props} />,
}

/** The editor of one custom field, chosen from `FIELD_INPUTS` by the definition's type. */
export function FieldInput(props: FieldInputProps) {
  const Input = FIELD_INPUTS[props.definition.type] ?? FIELD_INPUTS.json!
  return <Input {...props} />
}
