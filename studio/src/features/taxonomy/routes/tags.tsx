import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { DataTable } from '../../../app/data-table'
import { Pager } from '../../../app/pager'
import { SearchBox } from '../../../app/search-box'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { useCan } from '../../auth'
import { createTag, deleteTag, renameTag, type Tag, tagsQuery } from '../api/tags'

const route = getRouteApi('/signed-in/t/$tenantId/tags')

/** The tenant's tags: searched and paged, created, renamed and deleted. */
export function TagsPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const queryClient = useQueryClient()
  const { search = '', page = 1 } = route.useSearch()
  const navigate = route.useNavigate()
  const { data, error, isFetching } = useQuery(tagsQuery(tenantId, search, page))
  const [createErrors, setCreateErrors] = useState<FieldErrors>({})
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
    mutationFn: (input: { title: string; slug: string; form: HTMLFormElement }) =>
      createTag(tenantId, input.title, input.slug),
    onSuccess: async ({ tag }, { form }) => {
      form.reset()
      await refresh()
      notifySuccess(t('taxonomy.tags.created', { title: tag.title }))
    },
    onError: (failure) => setCreateErrors(fieldErrors(failure, { SlugConflict: 'slug' })),
  })
  const rename = useMutation({
    mutationFn: (input: { id: string; title: string; slug: string }) =>
      renameTag(tenantId, input.id, input.title, input.slug),
    onSuccess: async ({ tag }) => {
      await refresh()
      notifySuccess(t('taxonomy.tags.renamed', { title: tag.title }))
      closeDialogs()
    },
    onError: (failure) => setDialogErrors(fieldErrors(failure, { SlugConflict: 'slug' })),
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

  const onCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setCreateErrors({})
    const form = new FormData(event.currentTarget)
    create.mutate({
      title: String(form.get('title') ?? ''),
      slug: String(form.get('slug') ?? ''),
      form: event.currentTarget,
    })
  }

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('taxonomy.tags.title')}
      </Title>
      {mayCreate && (
        <form onSubmit={onCreate} aria-label={t('taxonomy.tags.new')}>
          <Group align="flex-start" wrap="wrap" gap="xs">
            <TextInput name="title" label={t('taxonomy.tags.tagTitle')} required error={createErrors.title} />
            <TextInput
              name="slug"
              label={t('taxonomy.slug')}
              description={t('taxonomy.tags.slugHint')}
              error={createErrors.slug}
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
          <form
            onSubmit={(event) => {
              event.preventDefault()
              setDialogErrors({})
              const form = new FormData(event.currentTarget)
              rename.mutate({
                id: renaming.id,
                title: String(form.get('title') ?? ''),
                slug: String(form.get('slug') ?? ''),
              })
            }}
          >
            <Stack>
              <TextInput
                name="title"
                label={t('taxonomy.tags.tagTitle')}
                required
                defaultValue={renaming.title}
                error={dialogErrors.title}
                data-autofocus
              />
              <TextInput
                name="slug"
                label={t('taxonomy.slug')}
                defaultValue={renaming.slug}
                description={t('taxonomy.slugHint')}
                error={dialogErrors.slug}
              />
              {dialogErrors.form && (
                <Alert color="red" role="alert">
                  {dialogErrors.form}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={closeDialogs}>
                  {t('taxonomy.cancel')}
                </Button>
                <Button type="submit" loading={rename.isPending}>
                  {t('taxonomy.save')}
                </Button>
              </Group>
            </Stack>
          </form>
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
