import { JsonInput, MultiSelect, NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import i18n from 'i18next'
import { type JSX, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type CollectionBody, localized } from '../api/collections'
import { MediaField } from './media-field'
import { RefField } from './ref-field'

export type CollectionField = CollectionBody['fields'][number]

/**
 * What every entry field input gets: the field, its value (null: none), and the API's error for it;
 * `locale` for a localized field's value in another locale than the default (its label names it,
 * and it is optional: an empty one falls back).
 */
export interface EntryFieldProps {
  tenantId: string
  field: CollectionField
  value: unknown
  onChange: (value: unknown) => void
  error?: string | undefined
  locale?: string | undefined
}

// The app's language: every screen re-renders its inputs when it changes (useTranslation above them).
function commonOf(props: EntryFieldProps) {
  const label = localized(props.field.label, i18n.language) || props.field.key
  return {
    label: props.locale === undefined ? label : `${label} (${props.locale})`,
    description: localized(props.field.description, i18n.language) || undefined,
    required: props.locale === undefined && props.field.required === true,
    error: props.error,
    ...(props.locale === undefined ? {} : { lang: props.locale }),
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')
/** An emptied input is no value (null), which a required field then refuses by name. */
const orNull = (value: string) => (value === '' ? null : value)

/** `YYYY-MM-DDTHH:mm` in local time, what a datetime-local input shows, from a stored ISO time. */
function localInput(value: unknown): string {
  if (typeof value !== 'string') return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 16)
}

function JsonField(props: EntryFieldProps) {
  const { t } = useTranslation()
  const common = commonOf(props)
  const [source, setSource] = useState(() =>
    props.value === null || props.value === undefined ? '' : JSON.stringify(props.value, null, 2),
  )
  const [invalid, setInvalid] = useState(false)
  return (
    <JsonInput
      {...common}
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
      error={invalid ? t('collections.invalidJson') : props.error}
    />
  )
}

function EnumField(props: EntryFieldProps) {
  const { t } = useTranslation()
  const common = commonOf(props)
  const data = (props.field.options ?? []).map((option) => ({
    value: option.value,
    label: localized(option.label, i18n.language) || option.value,
  }))
  if (props.field.multiple) {
    const values = Array.isArray(props.value) ? props.value.filter((item) => typeof item === 'string') : []
    return (
      <MultiSelect
        {...common}
        data={data}
        value={values}
        onChange={(next) => props.onChange(next.length === 0 ? null : next)}
      />
    )
  }
  return (
    <Select
      {...common}
      data={data}
      value={typeof props.value === 'string' ? props.value : null}
      onChange={(next) => props.onChange(next)}
      clearable
      clearButtonProps={{ 'aria-label': t('collections.clearOf', { field: common.label }) }}
    />
  )
}

function DateField(props: EntryFieldProps) {
  const { t } = useTranslation()
  const common = commonOf(props)
  return (
    <DateInput
      {...common}
      value={typeof props.value === 'string' ? props.value.slice(0, 10) : null}
      onChange={(value) => props.onChange(value === null || value === '' ? null : String(value).slice(0, 10))}
      valueFormat="YYYY-MM-DD"
      clearable
      clearButtonProps={{ 'aria-label': t('collections.clearOf', { field: common.label }) }}
    />
  )
}

/**
 * How each collection field type is edited (the API's types, docs/decisions/content.md "Typed
 * collections"). Rich text is edited as its HTML (the API sanitizes it); geojson as JSON.
 */
export const ENTRY_INPUTS: Record<CollectionField['type'], (props: EntryFieldProps) => JSX.Element> = {
  string: (props) => (
    <TextInput
      {...commonOf(props)}
      value={text(props.value)}
      onChange={(event) => props.onChange(orNull(event.currentTarget.value))}
    />
  ),
  text: (props) => (
    <Textarea
      {...commonOf(props)}
      autosize
      minRows={3}
      value={text(props.value)}
      onChange={(event) => props.onChange(orNull(event.currentTarget.value))}
    />
  ),
  number: (props) => (
    <NumberInput
      {...commonOf(props)}
      value={typeof props.value === 'number' ? props.value : ''}
      onChange={(value) => props.onChange(typeof value === 'number' ? value : null)}
    />
  ),
  boolean: (props) => (
    <Switch
      {...commonOf(props)}
      checked={props.value === true}
      onChange={(event) => props.onChange(event.currentTarget.checked)}
    />
  ),
  date: (props) => <DateField {...props} />,
  datetime: (props) => (
    <TextInput
      {...commonOf(props)}
      type="datetime-local"
      value={localInput(props.value)}
      onChange={(event) => {
        const value = event.currentTarget.value
        props.onChange(value === '' ? null : new Date(value).toISOString())
      }}
    />
  ),
  enum: (props) => <EnumField {...props} />,
  ref: (props) => (
    <RefField
      {...commonOf(props)}
      tenantId={props.tenantId}
      target={props.field.ref ?? ''}
      multiple={props.field.multiple === true}
      value={props.value}
      onChange={props.onChange}
    />
  ),
  media: (props) => (
    <MediaField
      {...commonOf(props)}
      tenantId={props.tenantId}
      multiple={props.field.multiple === true}
      value={props.value}
      onChange={props.onChange}
    />
  ),
  geojson: (props) => <JsonField {...props} />,
  richText: (props) => (
    <Textarea
      {...commonOf(props)}
      autosize
      minRows={4}
      value={
        typeof props.value === 'string' ? props.value : text((props.value as { html?: unknown } | null)?.html)
      }
      onChange={(event) => props.onChange(orNull(event.currentTarget.value))}
    />
  ),
}

/** The input of one entry field, by its type. */
export function EntryFieldInput(props: EntryFieldProps) {
  const Input = ENTRY_INPUTS[props.field.type]
  return <Input {...props} />
}
