import { requestBodies } from '@folio/client'
import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { bodyValidator, slashPathOf } from '../../../lib/validation'
import { pathErrors } from '../api/collections'
import { ENTRY_STATUSES, type EntryStatus } from '../api/entries'
import { type CollectionField, EntryFieldInput } from './entry-field-input'

/** What the entry form edits: the slug (blank: the API derives it), the status and the values by field key. */
export interface EntryDraft {
  slug: string
  status: EntryStatus
  data: Record<string, unknown>
}

/**
 * What an entry's save sends: the slug when one is typed; a new entry leaves out what has no value
 * (a required one is then refused by name).
 */
export function entryBodyOf(draft: EntryDraft, creating: boolean) {
  const slug = draft.slug.trim()
  const data = creating
    ? Object.fromEntries(Object.entries(draft.data).filter(([, value]) => value !== null))
    : draft.data
  return { status: draft.status, data, ...(slug ? { slug } : {}) }
}

/**
 * An entry's form: a typed input per field of its collection, the slug and the status. Checked
 * against the API's schema of the body first; errors are kept by path (`data/<field>`, `slug`,
 * `form`), as the API's `details` name them.
 */
export function EntryForm({
  tenantId,
  fields,
  initial,
  creating,
  disabled,
  pending,
  onSubmit,
}: {
  tenantId: string
  fields: CollectionField[]
  initial: EntryDraft
  creating: boolean
  disabled: boolean
  pending: boolean
  /** Sends the draft; a refusal lands at the paths its details name. */
  onSubmit: (draft: EntryDraft) => Promise<unknown>
}) {
  const { t } = useTranslation()
  const form = useForm<EntryDraft>({
    initialValues: initial,
    // Errors stay until the next Save, as the API's do.
    clearInputErrorOnChange: false,
    validate: bodyValidator(
      creating ? requestBodies.createCollectionEntry : requestBodies.updateCollectionEntry,
      (draft: EntryDraft) => entryBodyOf(draft, creating),
      slashPathOf,
    ),
  })
  const draft = form.values
  const errors = form.errors as Record<string, string>
  const submit = form.onSubmit((values) =>
    onSubmit(values).catch((failure: unknown) => form.setErrors(pathErrors(failure))),
  )
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
              onChange={(value) => form.setFieldValue('data', (data) => ({ ...data, [field.key]: value }))}
              error={errors[`data/${field.key}`]}
            />
          ))}
          <TextInput
            label={t('collections.slug')}
            description={t('collections.slugHint')}
            {...form.getInputProps('slug')}
          />
          <Select
            label={t('collections.status')}
            allowDeselect={false}
            {...form.getInputProps('status')}
            data={ENTRY_STATUSES.map((status) => ({
              value: status,
              label: t(`collections.entryStatus.${status}`),
            }))}
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
