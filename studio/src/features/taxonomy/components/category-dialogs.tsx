import { requestBodies } from '@folio/client'
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { TranslationFields } from '../../../app/translation-fields'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import type { TenantLocales } from '../../../lib/locales'
import { notifySuccess } from '../../../lib/notify'
import {
  type Translations,
  translationErrors,
  translationFieldOf,
  translationsBody,
} from '../../../lib/translations'
import { bodyValidator } from '../../../lib/validation'
import { useTenantLocales } from '../../settings'
import {
  contentsInCategoriesQuery,
  createCategory,
  deleteCategory,
  mergeCategories,
  updateCategory,
} from '../api/categories'
import { type CategoryNode, flatten, subtreeIds } from '../api/tree'

/** The Select value that stands for "no parent" (ids are 24 hex characters, so never this). */
const TOP_LEVEL = 'top'

/** What the dialog of the categories screen is doing. */
export type CategoryDialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'move' | 'merge' | 'delete'; node: CategoryNode }
  | null

/** The categories a Select offers, indented by depth, without `exclude`d ids. */
function choices(tree: CategoryNode[], exclude: Set<string>) {
  return flatten(tree)
    .filter(({ node }) => !exclude.has(node.id))
    .map(({ node, depth }) => ({ value: node.id, label: `${'– '.repeat(depth)}${node.name}` }))
}

/**
 * What the create and edit dialog edits (the parent only on creation, the slug only on edit), with
 * the values in the tenant's other locales.
 */
interface CategoryValues {
  name: string
  slug: string
  description: string
  parentId: string
  translations: Translations
}

/**
 * What a create (`editing` false) or an edit sends: an empty slug is left out (the API keeps it);
 * the translations only once the tenant's locales are known, since a map sent replaces the stored
 * one whole.
 */
function categoryBodyOf(values: CategoryValues, editing: boolean, locales: TenantLocales | undefined) {
  const slug = values.slug.trim()
  const translations =
    locales === undefined ? {} : { translations: translationsBody(values.translations, locales) }
  return editing
    ? {
        name: values.name,
        description: values.description,
        ...(slug === '' ? {} : { slug }),
        ...translations,
      }
    : {
        name: values.name,
        description: values.description,
        parentId: values.parentId === TOP_LEVEL ? null : values.parentId,
        ...translations,
      }
}

/**
 * A category's create or edit form, with its name, slug and description in the tenant's other
 * locales; checked against the API's schema of the body first; a refusal lands at the member it
 * names (a taken slug at the slug that holds it, a translation's problem at its locale).
 */
function CategoryForm({
  node,
  tree,
  locales,
  pending,
  onSubmit,
  onCancel,
}: {
  node: CategoryNode | undefined
  tree: CategoryNode[]
  locales: TenantLocales | undefined
  pending: boolean
  onSubmit: (values: CategoryValues) => Promise<unknown>
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const form = useForm<CategoryValues>({
    initialValues: {
      name: node?.name ?? '',
      slug: node?.slug ?? '',
      description: node?.description ?? '',
      parentId: TOP_LEVEL,
      translations: node?.translations ?? {},
    },
    clearInputErrorOnChange: false,
    validate: bodyValidator(
      node ? requestBodies.updateCategory : requestBodies.createCategory,
      (values: CategoryValues) => categoryBodyOf(values, node !== undefined, locales),
      translationFieldOf,
    ),
  })
  const errors = form.errors as FieldErrors
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        onSubmit(values).catch((failure: unknown) => form.setErrors(translationErrors(failure, values))),
      )}
    >
      <Stack>
        <TextInput {...form.getInputProps('name')} label={t('taxonomy.name')} required data-autofocus />
        {node && (
          <TextInput
            {...form.getInputProps('slug')}
            label={t('taxonomy.slug')}
            description={t('taxonomy.slugHint')}
          />
        )}
        <Textarea
          {...form.getInputProps('description')}
          label={t('taxonomy.description')}
          autosize
          minRows={2}
        />
        {!node && (
          <Select
            {...form.getInputProps('parentId')}
            label={t('taxonomy.categories.parent')}
            allowDeselect={false}
            data={[
              { value: TOP_LEVEL, label: t('taxonomy.categories.topLevel') },
              ...choices(tree, new Set()),
            ]}
          />
        )}
        <TranslationFields
          locales={locales}
          members={[
            { key: 'name', label: t('taxonomy.name') },
            { key: 'slug', label: t('taxonomy.slug') },
            { key: 'description', label: t('taxonomy.description'), multiline: true },
          ]}
          value={form.values.translations}
          defaults={{ name: form.values.name, slug: form.values.slug, description: form.values.description }}
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
            {node ? t('taxonomy.save') : t('taxonomy.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** The create, edit, move, merge and delete dialogs of the categories screen. */
export function CategoryDialogs({
  tenantId,
  tree,
  dialog,
  onClose,
}: {
  tenantId: string
  tree: CategoryNode[]
  dialog: CategoryDialog
  onClose: () => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const locales = useTenantLocales(tenantId)
  const [errors, setErrors] = useState<FieldErrors>({})
  const close = () => {
    setErrors({})
    onClose()
  }
  const done = async (message: string, contentsToo = false) => {
    await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'categories'] })
    if (contentsToo) await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'contents'] })
    notifySuccess(message)
    close()
  }
  const fail = (failure: unknown) => setErrors(fieldErrors(failure, { SlugConflict: 'slug' }))

  const save = useMutation({
    mutationFn: async (values: CategoryValues) =>
      dialog?.kind === 'edit'
        ? updateCategory(tenantId, dialog.node.id, categoryBodyOf(values, true, locales))
        : createCategory(tenantId, categoryBodyOf(values, false, locales)),
    onSuccess: ({ category }) =>
      done(
        t(dialog?.kind === 'edit' ? 'taxonomy.categories.saved' : 'taxonomy.categories.created', category),
      ),
  })
  const move = useMutation({
    mutationFn: ({ id, parentId }: { id: string; parentId: string | null }) =>
      updateCategory(tenantId, id, { parentId }),
    onSuccess: ({ category }) => done(t('taxonomy.categories.moved', category)),
    onError: fail,
  })
  const merge = useMutation({
    mutationFn: ({ source, target }: { source: string; target: string }) =>
      mergeCategories(tenantId, source, target),
    onSuccess: (result) => done(t('taxonomy.categories.merged', { count: result.updatedContents }), true),
    onError: fail,
  })
  const remove = useMutation({
    mutationFn: (id: string) => deleteCategory(tenantId, id),
    onSuccess: (result) => done(t('taxonomy.categories.deleted', { count: result.deleted }), true),
    onError: fail,
  })

  const formError = errors.form && (
    <Alert color="red" role="alert">
      {errors.form}
    </Alert>
  )
  const modal = { onClose: close, closeButtonProps: { 'aria-label': t('app.close') } }

  if (dialog === null) return null
  if (dialog.kind === 'create' || dialog.kind === 'edit') {
    const node = dialog.kind === 'edit' ? dialog.node : undefined
    return (
      <Modal
        opened
        title={node ? t('taxonomy.categories.editTitle', { name: node.name }) : t('taxonomy.categories.new')}
        {...modal}
      >
        <CategoryForm
          node={node}
          tree={tree}
          locales={locales}
          pending={save.isPending}
          onSubmit={(values) => save.mutateAsync(values)}
          onCancel={close}
        />
      </Modal>
    )
  }
  const node = dialog.node
  if (dialog.kind === 'move') {
    return (
      <Modal opened title={t('taxonomy.categories.moveTitle', { name: node.name })} {...modal}>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            setErrors({})
            const parent = String(new FormData(event.currentTarget).get('parentId'))
            move.mutate({ id: node.id, parentId: parent === TOP_LEVEL ? null : parent })
          }}
        >
          <Stack>
            <Select
              name="parentId"
              label={t('taxonomy.categories.newParent')}
              defaultValue={node.parentId ?? TOP_LEVEL}
              allowDeselect={false}
              data={[
                { value: TOP_LEVEL, label: t('taxonomy.categories.topLevel') },
                ...choices(tree, subtreeIds(tree, node.id)),
              ]}
              error={errors.parentId}
              data-autofocus
            />
            {formError}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('taxonomy.cancel')}
              </Button>
              <Button type="submit" loading={move.isPending}>
                {t('taxonomy.categories.moveSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    )
  }
  if (dialog.kind === 'merge')
    return (
      <MergeDialog
        tree={tree}
        node={node}
        merge={merge}
        errors={errors}
        setErrors={setErrors}
        close={close}
      />
    )
  return (
    <DeleteDialog
      tenantId={tenantId}
      tree={tree}
      node={node}
      pending={remove.isPending}
      onConfirm={() => remove.mutate(node.id)}
      error={errors.form}
      close={close}
    />
  )
}

/**
 * Delete: says what goes (the category and its subcategories) and how many contents filed under
 * them lose it, counted as the dialog opens.
 */
function DeleteDialog({
  tenantId,
  tree,
  node,
  pending,
  onConfirm,
  error,
  close,
}: {
  tenantId: string
  tree: CategoryNode[]
  node: CategoryNode
  pending: boolean
  onConfirm: () => void
  error: string | undefined
  close: () => void
}) {
  const { t } = useTranslation()
  const ids = [...subtreeIds(tree, node.id)]
  const contents = useQuery(contentsInCategoriesQuery(tenantId, ids))
  return (
    <ConfirmDialog
      opened
      title={t('taxonomy.categories.deleteTitle', { name: node.name })}
      confirmLabel={t('taxonomy.delete')}
      pending={pending}
      error={error}
      onConfirm={onConfirm}
      onClose={close}
    >
      {t('taxonomy.categories.deleteText', { name: node.name, count: ids.length - 1 })}{' '}
      {contents.data !== undefined
        ? t('taxonomy.categories.deleteContents', { count: contents.data })
        : contents.isLoading
          ? t('taxonomy.categories.deleteContentsCounting')
          : t('taxonomy.categories.deleteContentsUnknown')}
    </ConfirmDialog>
  )
}

/** Merge: pick the target (not the source or inside it), then confirm what the merge does. */
function MergeDialog({
  tree,
  node,
  merge,
  errors,
  setErrors,
  close,
}: {
  tree: CategoryNode[]
  node: CategoryNode
  merge: { mutate: (input: { source: string; target: string }) => void; isPending: boolean }
  errors: FieldErrors
  setErrors: (errors: FieldErrors) => void
  close: () => void
}) {
  const { t } = useTranslation()
  const [target, setTarget] = useState<string | null>(null)
  const targetName = flatten(tree).find((line) => line.node.id === target)?.node.name
  return (
    <Modal
      opened
      title={t('taxonomy.categories.mergeTitle', { name: node.name })}
      onClose={close}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <Stack>
        <Select
          label={t('taxonomy.categories.mergeTarget')}
          placeholder={t('taxonomy.categories.choose')}
          value={target}
          onChange={setTarget}
          data={choices(tree, subtreeIds(tree, node.id))}
          error={errors.targetId}
          searchable
          data-autofocus
        />
        {targetName && (
          <Text>{t('taxonomy.categories.mergeText', { source: node.name, target: targetName })}</Text>
        )}
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('taxonomy.cancel')}
          </Button>
          <Button
            color="red.8"
            disabled={target === null}
            loading={merge.isPending}
            onClick={() => {
              if (target === null) return
              setErrors({})
              merge.mutate({ source: node.id, target })
            }}
          >
            {t('taxonomy.categories.mergeSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
