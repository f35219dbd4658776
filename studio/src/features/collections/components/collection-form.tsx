import { requestBodies } from '@folio/client'
import { Alert, Button, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { bodyValidator, slashPathOf } from '../../../lib/validation'
import {
  BUILTIN_SORTS,
  bodyOf,
  type CollectionDraft,
  errorAt,
  type FieldDraft,
  isSortable,
  newField,
  pathErrors,
} from '../api/collections'
import { FieldEditor } from './field-editor'
import { LocaleMapInput } from './locale-map-input'

/**
 * The schema builder: key (on creation only), name and description per language, the fields,
 * the slug field (a string field) and the default sort. Checked against the API's schema of the
 * body before sending; errors, the form's and the API's, are kept by the body's path
 * (`fields/2/key`), as the API's `details` name them.
 */
export function CollectionForm({
  initial,
  creating,
  targets,
  pending,
  onSubmit,
}: {
  initial: CollectionDraft
  creating: boolean
  targets: { value: string; label: string }[]
  pending: boolean
  /** Sends the draft; a refusal lands at the paths its details name. */
  onSubmit: (draft: CollectionDraft) => Promise<unknown>
}) {
  const { t, i18n } = useTranslation()
  const form = useForm<CollectionDraft>({
    initialValues: initial,
    // Errors stay until the next Save, as the API's do.
    clearInputErrorOnChange: false,
    validate: bodyValidator(
      creating ? requestBodies.createCollection : requestBodies.updateCollection,
      (draft: CollectionDraft) => (creating ? { key: draft.key.trim(), ...bodyOf(draft) } : bodyOf(draft)),
      slashPathOf,
    ),
  })
  const draft = form.values
  const errors = form.errors as Record<string, string>
  const set = (patch: Partial<CollectionDraft>) => form.setValues(patch)
  const setField = (index: number, field: FieldDraft) => form.replaceListItem('fields', index, field)
  const move = (index: number, by: -1 | 1) => form.reorderListItem('fields', { from: index, to: index + by })
  // Mantine's selects refuse repeated values: a key typed twice, or as a builtin, is offered once.
  const builtins = new Set<string>(BUILTIN_SORTS)
  const keyed = draft.fields.filter(
    (field, at) =>
      field.key.trim() !== '' &&
      !builtins.has(field.key) &&
      draft.fields.findIndex((other) => other.key === field.key) === at,
  )
  // A ref may also target the collection being defined.
  const refTargets =
    draft.key.trim() === '' || targets.some((target) => target.value === draft.key.trim())
      ? targets
      : [...targets, { value: draft.key.trim(), label: draft.key.trim() }]
  const submit = form.onSubmit((values) =>
    onSubmit(values).catch((failure: unknown) => form.setErrors(pathErrors(failure))),
  )

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t('collections.key')}
          description={creating ? t('collections.keyHint') : t('collections.keyFixed')}
          required
          disabled={!creating}
          value={draft.key}
          onChange={(event) => set({ key: event.currentTarget.value })}
          error={errors.key}
        />
        <LocaleMapInput
          label={t('collections.name')}
          required
          value={draft.name}
          onChange={(name) => set({ name })}
          error={errorAt(errors, 'name')}
        />
        <LocaleMapInput
          label={t('collections.description')}
          value={draft.description}
          onChange={(description) => set({ description })}
          error={errorAt(errors, 'description')}
        />
        <Title order={2} size="h4">
          {t('collections.fields')}
        </Title>
        {draft.fields.length === 0 && <Text>{t('collections.noFields')}</Text>}
        {draft.fields.map((field, index) => (
          <FieldEditor
            // Fields are edited in place and may not have a key yet; the place identifies them.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            field={field}
            index={index}
            count={draft.fields.length}
            targets={refTargets}
            errors={errors}
            onChange={(next) => setField(index, next)}
            onMove={(by) => move(index, by)}
            onRemove={() => form.removeListItem('fields', index)}
          />
        ))}
        {errors.fields && (
          <Text c="red.8" size="sm" role="alert">
            {errors.fields}
          </Text>
        )}
        <Button
          variant="default"
          w="fit-content"
          onClick={() => form.insertListItem('fields', newField(i18n.language))}
        >
          {t('collections.addField')}
        </Button>
        <Select
          label={t('collections.slugField')}
          description={t('collections.slugFieldHint')}
          clearable
          clearButtonProps={{ 'aria-label': t('collections.clear') }}
          data={keyed.filter((field) => field.type === 'string').map((field) => field.key)}
          value={draft.slugField || null}
          onChange={(value) => set({ slugField: value ?? '' })}
          error={errors.slugField}
        />
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('collections.sortField')}
            allowDeselect={false}
            data={[
              ...BUILTIN_SORTS.map((field) => ({ value: field, label: t(`collections.builtins.${field}`) })),
              ...keyed.filter(isSortable).map((field) => ({ value: field.key, label: field.key })),
            ]}
            value={draft.sortField}
            onChange={(value) => set({ sortField: value ?? 'createdAt' })}
            error={errorAt(errors, 'defaultSort')}
          />
          <SegmentedControl
            aria-label={t('collections.sortDir')}
            value={draft.sortDir}
            onChange={(value) => set({ sortDir: value === 'asc' ? 'asc' : 'desc' })}
            data={[
              { value: 'asc', label: t('collections.asc') },
              { value: 'desc', label: t('collections.desc') },
            ]}
          />
        </Group>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {creating ? t('collections.create') : t('collections.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
