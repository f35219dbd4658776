import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useParams } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { AnchorLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import { useCan } from '../../auth'
import { useTenantLocales } from '../../settings'
import { type CollectionBody, collectionQuery, localized, pathErrors } from '../api/collections'
import { createEntry, deleteEntry, type Entry, entryQuery, entryTitle, updateEntry } from '../api/entries'
import { type EntryDraft, EntryForm, entryBodyOf } from '../components/entry-form'

const draftOf = (entry: Entry): EntryDraft => ({
  slug: entry.slug,
  status: entry.status === 'published' || entry.status === 'archived' ? entry.status : 'draft',
  data: { ...entry.data },
  translations: { ...entry.translations },
})

/** Creates (`…/entries/new`) or edits (`…/entries/<id>`) an entry of a collection, and deletes it. */
export function EntryEditorPage() {
  const { t, i18n } = useTranslation()
  const { tenantId = '', key = '', entryId } = useParams({ strict: false })
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const can = useCan()
  const locales = useTenantLocales(tenantId)
  const collection = useQuery(collectionQuery(tenantId, key))
  const stored = useQuery({ ...entryQuery(tenantId, key, entryId ?? ''), enabled: entryId !== undefined })
  const [deleteError, setDeleteError] = useState<string>()
  const [deleting, setDeleting] = useState(false)
  const fields = (collection.data?.fields ?? []) as unknown as CollectionBody['fields']
  const slugField = collection.data?.slugField ?? null
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'collections'] })

  const save = useMutation({
    mutationFn: (draft: EntryDraft) =>
      entryId !== undefined
        ? updateEntry(tenantId, key, entryId, entryBodyOf(draft, false, fields, locales))
        : createEntry(tenantId, key, entryBodyOf(draft, true, fields, locales)),
    onSuccess: async ({ entry }) => {
      await refresh()
      notifySuccess(t('collections.entrySaved', { name: entryTitle(entry, slugField) }))
      if (entryId === undefined) {
        await navigate({
          to: '/t/$tenantId/collections/$key/entries/$entryId',
          params: { tenantId, key, entryId: entry.id },
        })
      }
    },
  })
  const remove = useMutation({
    mutationFn: () => deleteEntry(tenantId, key, entryId ?? ''),
    onSuccess: async () => {
      const name = stored.data ? entryTitle(stored.data, slugField) : ''
      setDeleting(false)
      await navigate({ to: '/t/$tenantId/collections/$key', params: { tenantId, key }, search: {} })
      await refresh()
      notifySuccess(t('collections.entryDeleted', { name }))
    },
    onError: (failure) => setDeleteError(pathErrors(failure).form),
  })

  const collectionName = localized(collection.data?.name, i18n.language) || key
  const loading = collection.data === undefined || (entryId !== undefined && stored.data === undefined)
  const failure = collection.error ?? stored.error
  const title =
    entryId === undefined
      ? t('collections.newEntryIn', { name: collectionName })
      : stored.data
        ? entryTitle(stored.data, slugField)
        : t('app.loading')

  return (
    <Stack maw={760}>
      <AnchorLink to="/t/$tenantId/collections/$key" params={{ tenantId, key }} search={{}}>
        {t('collections.backTo', { name: collectionName })}
      </AnchorLink>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {title}
        </Title>
        {entryId !== undefined && can('collections:delete') && (
          <Button variant="default" c="red.8" onClick={() => setDeleting(true)}>
            {t('collections.deleteEntry')}
          </Button>
        )}
      </Group>
      {failure ? (
        <Alert color="red" role="alert">
          {failure.message}
        </Alert>
      ) : loading ? (
        <Center p="lg">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : (
        <EntryForm
          key={stored.data?.updatedAt ?? 'new'}
          tenantId={tenantId}
          fields={fields}
          locales={locales}
          initial={
            stored.data ? draftOf(stored.data) : { slug: '', status: 'draft', data: {}, translations: {} }
          }
          creating={entryId === undefined}
          disabled={collection.data?.status === 'archived'}
          pending={save.isPending}
          onSubmit={(draft) => save.mutateAsync(draft)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('collections.deleteEntryTitle', { name: title })}
          confirmLabel={t('collections.deleteEntry')}
          pending={remove.isPending}
          error={deleteError}
          onConfirm={() => remove.mutate()}
          onClose={() => setDeleting(false)}
        >
          {t('collections.deleteEntryText')}
        </ConfirmDialog>
      )}
    </Stack>
  )
}
