import {
  type ComboboxItem,
  JsonInput,
  MultiSelect,
  NumberInput,
  Select,
  Switch,
  TextInput,
} from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { useDebouncedValue } from '@mantine/hooks'
import { useQueries, useQuery } from '@tanstack/react-query'
import i18n from 'i18next'
import { type JSX, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { contentOptionsQuery, contentQuery, type FieldDefinition } from '../api/contents'

/** What every field editor gets: the tenant, the definition, the value (null: none), and where errors go. */
export interface FieldInputProps {
  tenantId: string
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

/**
 * A reference (one content id) or a multi-reference (several), chosen by title: the list searches
 * the tenant's contents as one types; the chosen ones keep their titles (read one by one).
 */
function ContentReferenceField(props: FieldInputProps & { multiple: boolean }) {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), 250)
  const ids = props.multiple ? list(props.value) : text(props.value) === '' ? [] : [text(props.value)]
  const found = useQuery(contentOptionsQuery(props.tenantId, debounced))
  const chosen = useQueries({ queries: ids.map((id) => contentQuery(props.tenantId, id)) })
  const titles = new Map<string, string>()
  for (const result of chosen) if (result.data) titles.set(result.data.content.id, result.data.content.title)
  for (const content of found.data?.contents ?? []) titles.set(content.id, content.title)
  const data = [...titles].map(([value, label]) => ({ value, label }))
  const shared = {
    ...common(props),
    description: props.definition.description || t('editor.fields.referenceHint'),
    data,
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    // The API searched already; every option it answered is shown.
    filter: ({ options }: { options: ComboboxItem[] | unknown[] }) => options as ComboboxItem[],
    nothingFoundMessage: t('editor.fields.noContent'),
  }
  return props.multiple ? (
    <MultiSelect
      {...shared}
      value={ids}
      onChange={(next) => props.onChange(next.length === 0 ? null : next)}
    />
  ) : (
    <Select
      {...shared}
      value={ids[0] ?? null}
      onChange={(next) => props.onChange(next)}
      clearable
      clearButtonProps={{ 'aria-label': i18n.t('editor.fields.clear') }}
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
  reference: (props) => <ContentReferenceField {...props} multiple={false} />,
  'multi-reference': (props) => <ContentReferenceField {...props} multiple />,
}

/** The editor of one custom field, chosen from `FIELD_INPUTS` by the definition's type. */
export function FieldInput(props: FieldInputProps) {
  const Input = FIELD_INPUTS[props.definition.type] ?? FIELD_INPUTS.json!
  return <Input {...props} />
}
