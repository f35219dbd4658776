import { type JsonSchema, requestBodies } from '@folio/client'
import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { DataTable } from '../../../app/data-table'
import { Pager } from '../../../app/pager'
import { SearchBox } from '../../../app/search-box'
import { TranslationFields } from '../../../app/translation-fields'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import type { TenantLocales } from '../../../lib/locales'
import { notifySuccess } from '../../../lib/notify'
import {
  type Translations,
  translationErrors,
  translationFieldOf,
  translationsBody,
  translationsOf,
} from '../../../lib/translations'
import { bodyValidator } from '../../../lib/validation'
import { useCan } from '../../auth'
import { useTenantLocales } from '../../settings'
import { createTag, deleteTag, renameTag, type Tag, tagsQuery } from '../api/tags'

const route = getRouteApi('/signed-in/t/$tenantId/tags')

/** What a tag's create and rename forms edit; the rename form also its other locales' values. */
interface TagValues {
  title: string
  slug: string
  translations: Translations
}

/**
 * The translations a save sends: none from the create form (`locales` undefined there) or before
 * the tenant's locales are known, since a map sent replaces the stored one whole.
 */
function sentTranslations(values: TagValues, locales: TenantLocales | undefined) {
  return locales === undefined ? undefined : translationsBody(values.translations, locales)
}

/**
 * A tag's create or rename form: checked against the API's schema of the body first (an empty slug
 * is not sent); a refusal lands at the member it names (a taken slug at the slug that holds it).
 */
function useTagForm(initial: TagValues, schema: JsonSchema, locales?: TenantLocales) {
  return useForm<TagValues>({
    initialValues: initial,
    clearInputErrorOnChange: false,
    validate: bodyValidator(
      schema,
      (values: TagValues) => {
        const translations = sentTranslations(values, locales)
        return {
          title: values.title,
          ...(values.slug.trim() === '' ? {} : { slug: values.slug }),
          ...(translations === undefined ? {} : { translations }),
        }
      },
      translationFieldOf,
    ),
  })
}

/** The rename dialog's form: the title and slug, and their values in the tenant's other locales. */
function RenameTagForm({
  tag,
  locales,
  pending,
  onSubmit,
  onCancel,
}: {
  tag: Tag
  locales: TenantLocales | undefined
  pending: boolean
  onSubmit: (values: TagValues) => Promise<unknown>
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const form = useTagForm(
    { title: tag.title, slug: tag.slug, translations: translationsOf(tag.translations) },
    requestBodies.updateTag,
    locales,
  )
  const errors = form.errors as FieldErrors
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        onSubmit(values).catch((failure: unknown) => form.setErrors(translationErrors(failure, values))),
      )}
    >
      <Stack>
        <TextInput
          {...form.getInputProps('title')}
          label={t('taxonomy.tags.tagTitle')}
          required
          data-autofocus
        />
        <TextInput
          {...form.getInputProps('slug')}
          label={t('taxonomy.slug')}
          description={t('taxonomy.slugHint')}
        />
        <TranslationFields
          locales={locales}
          members={[
            { key: 'title', label: t('taxonomy.tags.tagTitle') },
            { key: 'slug', label: t('taxonomy.slug') },
          ]}
          value={form.values.translations}
          defaults={{ title: form.values.title, slug: form.values.slug }}
          onChange={(translations) => form.setFieldValue('translations', translations)}
          errors={errors}
        />
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
            {t('taxonomy.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** The tenant's tags: searched and paged, created, renamed and deleted. */
export function TagsPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const queryClient = useQueryClient()
  const { search = '', page = 1 } = route.useSearch()
  const navigate = route.useNavigate()
  const { data, error, isFetching } = useQuery(tagsQuery(tenantId, search, page))
  const createForm = useTagForm({ title: '', slug: '', translations: {} }, requestBodies.createTag)
  const locales = useTenantLocales(tenantId)
  const createErrors = createForm.errors as FieldErrors
  const [renaming, setRenaming] = useState<Tag | null>(null)
  const [deleting, setDeleting] = useState<Tag | null>(null)
  const [dialogErrors, setDialogErrors] = useState<FieldErrors>({})
  const can = useCan()
  // The tag routes' permissions: created with contents, renamed and deleted with the taxonomy.
  const mayCreate = can('content:create')
  const mayRename = can('categories:update')
  const mayDelete = can('categories:delete')

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'tags'] })
  const closeDialogs = () => {
    setRenaming(null)
    setDeleting(null)
    setDialogErrors({})
  }
  const create = useMutation({
    mutationFn: (input: TagValues) => createTag(tenantId, input.title, input.slug),
    onSuccess: async ({ tag }) => {
      createForm.reset()
      await refresh()
      notifySuccess(t('taxonomy.tags.created', { title: tag.title }))
    },
  })
  const rename = useMutation({
    mutationFn: ({ id, values }: { id: string; values: TagValues }) =>
      renameTag(tenantId, id, values.title, values.slug, sentTranslations(values, locales)),
    onSuccess: async ({ tag }) => {
      await refresh()
      notifySuccess(t('taxonomy.tags.renamed', { title: tag.title }))
      closeDialogs()
    },
  })
  const remove = useMutation({
    mutationFn: (tag: Tag) => deleteTag(tenantId, tag.id),
    onSuccess: async (_, tag) => {
      await refresh()
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'contents'] })
      notifySuccess(t('taxonomy.tags.deleted', { title: tag.title }))
      closeDialogs()
    },
    onError: (failure) => setDialogErrors(fieldErrors(failure)),
  })

  const onCreate = createForm.onSubmit((values) =>
    create
      .mutateAsync(values)
      .catch((failure: unknown) => createForm.setErrors(fieldErrors(failure, { SlugConflict: 'slug' }))),
  )

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('taxonomy.tags.title')}
      </Title>
      {mayCreate && (
        <form onSubmit={onCreate} aria-label={t('taxonomy.tags.new')}>
          <Group align="flex-start" wrap="wrap" gap="xs">
            <TextInput {...createForm.getInputProps('title')} label={t('taxonomy.tags.tagTitle')} required />
            <TextInput
              {...createForm.getInputProps('slug')}
              label={t('taxonomy.slug')}
              description={t('taxonomy.tags.slugHint')}
            />
            <Button type="submit" mt={25} loading={create.isPending}>
              {t('taxonomy.tags.add')}
            </Button>
          </Group>
          {createErrors.form && (
            <Alert color="red" role="alert" mt="xs">
              {createErrors.form}
            </Alert>
          )}
        </form>
      )}
      <SearchBox
        label={t('taxonomy.tags.search')}
        submitLabel={t('taxonomy.tags.searchSubmit')}
        value={search}
        onSearch={(words) => navigate({ search: words === '' ? {} : { search: words } })}
      />
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : data && data.tags.length === 0 ? (
        <Text>{search === '' ? t('taxonomy.tags.empty') : t('taxonomy.tags.noMatch')}</Text>
      ) : (
        <DataTable
          label={t('taxonomy.tags.title')}
          minWidth={420}
          busy={isFetching}
          caption={data ? t('taxonomy.tags.count', { count: data.pagination.total }) : t('app.loading')}
          head={
            <>
              <Table.Th>{t('taxonomy.tags.tagTitle')}</Table.Th>
              <Table.Th>{t('taxonomy.slug')}</Table.Th>
              {(mayRename || mayDelete) && <Table.Th>{t('taxonomy.actions')}</Table.Th>}
            </>
          }
        >
          {data?.tags.map((tag) => (
            <Table.Tr key={tag.id}>
              <Table.Td>{tag.title}</Table.Td>
              <Table.Td>{tag.slug}</Table.Td>
              {(mayRename || mayDelete) && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {mayRename && (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t('taxonomy.tags.renameOf', { title: tag.title })}
                        onClick={() => setRenaming(tag)}
                      >
                        {t('taxonomy.tags.rename')}
                      </Button>
                    )}
                    {mayDelete && (
                      <Button
                        size="xs"
                        variant="default"
                        c="red.8"
                        aria-label={t('taxonomy.deleteOf', { name: tag.title })}
                        onClick={() => setDeleting(tag)}
                      >
                        {t('taxonomy.delete')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {data && (
        <Pager
          pages={data.pagination.pages}
          page={page}
          onChange={(next) => navigate({ search: (previous) => ({ ...previous, page: next }) })}
        />
      )}
      {renaming && (
        <Modal
          opened
          onClose={closeDialogs}
          title={t('taxonomy.tags.renameTitle', { title: renaming.title })}
          closeButtonProps={{ 'aria-label': t('app.close') }}
        >
          <RenameTagForm
            tag={renaming}
            locales={locales}
            pending={rename.isPending}
            onSubmit={(values) => rename.mutateAsync({ id: renaming.id, values })}
            onCancel={closeDialogs}
          />
        </Modal>
      )}
      {deleting && (
        <ConfirmDialog
          opened
          title={t('taxonomy.tags.deleteTitle', { title: deleting.title })}
          confirmLabel={t('taxonomy.delete')}
          pending={remove.isPending}
          error={dialogErrors.form}
          onConfirm={() => remove.mutate(deleting)}
          onClose={closeDialogs}
        >
          {t('taxonomy.tags.deleteText', { title: deleting.title })}
        </ConfirmDialog>
      )}
    </Stack>
  )
}
