import { requestBodies } from '@folio/client'
import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import type { TenantLocales } from '../../../lib/locales'
import { bodyValidator, slashPathOf } from '../../../lib/validation'
import { pathErrors } from '../api/collections'
import { ENTRY_STATUSES, type EntryStatus, entryTranslationsOf } from '../api/entries'
import { type CollectionField, EntryFieldInput } from './entry-field-input'

/**
 * What the entry form edits: the slug (blank: the API derives it), the status, the values by field
 * key (a localized field's: the default locale's), and the localized fields' values in the tenant's
 * other locales (locale → field key → value).
 */
export interface EntryDraft {
  slug: string
  status: EntryStatus
  data: Record<string, unknown>
  translations: Record<string, Record<string, unknown>>
}

/**
 * What an entry's save sends: the slug when one is typed; a new entry leaves out what has no value
 * (a required one is then refused by name); the other locales' values once the tenant's locales
 * are known.
 */
export function entryBodyOf(
  draft: EntryDraft,
  creating: boolean,
  fields: readonly CollectionField[],
  locales: TenantLocales | undefined,
) {
  const slug = draft.slug.trim()
  const data = creating
    ? Object.fromEntries(Object.entries(draft.data).filter(([, value]) => value !== null))
    : draft.data
  const translations =
    locales === undefined ? {} : entryTranslationsOf(draft.translations, fields, locales, creating)
  return {
    status: draft.status,
    data,
    ...(slug ? { slug } : {}),
    ...(Object.keys(translations).length > 0 ? { translations } : {}),
  }
}

/**
 * An entry's form: a typed input per field of its collection (a localized one also in each other
 * locale of the tenant, below it), the slug and the status. Checked against the API's schema of the
 * body first; errors are kept by path (`data/<field>`, `translations/<locale>/<field>`, `slug`,
 * `form`), as the API's `details` name them.
 */
export function EntryForm({
  tenantId,
  fields,
  locales,
  initial,
  creating,
  disabled,
  pending,
  onSubmit,
}: {
  tenantId: string
  fields: CollectionField[]
  locales: TenantLocales | undefined
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
      (draft: EntryDraft) => entryBodyOf(draft, creating, fields, locales),
      slashPathOf,
    ),
  })
  const draft = form.values
  const errors = form.errors as Record<string, string>
  // The locales a localized field is also edited in: the tenant's, but the default (its `data`).
  const others = (locales?.available ?? []).filter((locale) => locale !== locales?.default)
  const submit = form.onSubmit((values) =>
    onSubmit(values).catch((failure: unknown) => form.setErrors(pathErrors(failure))),
  )
  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={disabled} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        <Stack>
          {fields.map((field) => (
            <Stack key={field.key} gap="xs">
              <EntryFieldInput
                tenantId={tenantId}
                field={field}
                value={draft.data[field.key] ?? null}
                onChange={(value) => form.setFieldValue('data', (data) => ({ ...data, [field.key]: value }))}
                error={errors[`data/${field.key}`]}
              />
              {field.localized === true &&
                others.map((locale) => (
                  <EntryFieldInput
                    key={locale}
                    tenantId={tenantId}
                    field={field}
                    locale={locale}
                    value={draft.translations[locale]?.[field.key] ?? null}
                    onChange={(value) =>
                      form.setFieldValue('translations', (translations) => ({
                        ...translations,
                        [locale]: { ...translations[locale], [field.key]: value },
                      }))
                    }
                    error={errors[`translations/${locale}/${field.key}`] ?? errors[`translations/${locale}`]}
                  />
                ))}
            </Stack>
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
