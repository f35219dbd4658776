import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ENTRY_STATUSES, type EntryStatus } from '../api/entries'
import { type CollectionField, EntryFieldInput } from './entry-field-input'

/** What the entry form edits: the slug (blank: the API derives it), the status and the values by field key. */
export interface EntryDraft {
  slug: string
  status: EntryStatus
  data: Record<string, unknown>
}

/**
 * An entry's form: a typed input per field of its collection, the slug and the status; `errors`
 * are the API's by path (`data/<field>`, `slug`, `form`).
 */
export function EntryForm({
  tenantId,
  fields,
  initial,
  creating,
  disabled,
  errors,
  pending,
  onSubmit,
}: {
  tenantId: string
  fields: CollectionField[]
  initial: EntryDraft
  creating: boolean
  disabled: boolean
  errors: Record<string, string>
  pending: boolean
  onSubmit: (draft: EntryDraft) => void
}) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState(initial)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit(draft)
  }
  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={disabled} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Stack>
          {fields.map((field) => (
            <EntryFieldInput
              key={field.key}
              tenantId={tenantId}
              field={field}
              value={draft.data[field.key] ?? null}
              onChange={(value) =>
                setDraft((current) => ({ ...current, data: { ...current.data, [field.key]: value } }))
              }
              error={errors[`data/${field.key}`]}
            />
          ))}
          <TextInput
            label={t('collections.slug')}
            description={t('collections.slugHint')}
            value={draft.slug}
            onChange={(event) => {
              const slug = event.currentTarget.value
              setDraft((current) => ({ ...current, slug }))
            }}
            error={errors.slug}
          />
          <Select
            label={t('collections.status')}
            allowDeselect={false}
            value={draft.status}
            data={ENTRY_STATUSES.map((status) => ({
              value: status,
              label: t(`collections.entryStatus.${status}`),
            }))}
            onChange={(value) =>
              setDraft((current) => ({ ...current, status: (value as EntryStatus | null) ?? current.status }))
            }
            error={errors.status}
          />
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={pending}>
              {creating ? t('collections.createEntry') : t('collections.save')}
            </Button>
          </Group>
        </Stack>
      </fieldset>
    </form>
  )
}
