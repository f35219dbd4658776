import { Alert, Center, Loader, Stack, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useParams } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { AnchorLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import {
  bodyOf,
  type CollectionDraft,
  collectionQuery,
  collectionsQuery,
  createCollection,
  draftOf,
  emptyCollection,
  localized,
  updateCollection,
} from '../api/collections'
import { CollectionForm } from '../components/collection-form'

/** The schema builder, for a new collection (`/collections/new`) or a stored one (`/collections/<key>/schema`). */
export function CollectionEditorPage() {
  const { t, i18n } = useTranslation()
  const { tenantId = '', key } = useParams({ strict: false })
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const stored = useQuery({ ...collectionQuery(tenantId, key ?? ''), enabled: key !== undefined })
  const all = useQuery(collectionsQuery(tenantId))
  const save = useMutation({
    mutationFn: (draft: CollectionDraft) =>
      key === undefined ? createCollection(tenantId, draft) : updateCollection(tenantId, key, bodyOf(draft)),
    onSuccess: async ({ collection }) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'collections'] })
      notifySuccess(
        t('collections.saved', { name: localized(collection.name, i18n.language) || collection.key }),
      )
      await navigate({ to: '/t/$tenantId/collections/$key', params: { tenantId, key: collection.key } })
    },
  })
  const targets = (all.data?.collections ?? []).map((collection) => ({
    value: collection.key,
    label: `${localized(collection.name, i18n.language) || collection.key} (${collection.key})`,
  }))
  const title =
    key === undefined
      ? t('collections.new')
      : t('collections.schemaTitle', { name: localized(stored.data?.name, i18n.language) || key })

  return (
    <Stack maw={880}>
      <AnchorLink to="/t/$tenantId/collections" params={{ tenantId }}>
        {t('collections.back')}
      </AnchorLink>
      <Title order={1} size="h2">
        {title}
      </Title>
      {stored.error ? (
        <Alert color="red" role="alert">
          {stored.error.message}
        </Alert>
      ) : key !== undefined && stored.data === undefined ? (
        <Center p="lg">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : (
        <CollectionForm
          key={stored.data?.updatedAt ?? 'new'}
          initial={stored.data ? draftOf(stored.data) : emptyCollection(i18n.language)}
          creating={key === undefined}
          targets={targets}
          pending={save.isPending}
          onSubmit={(draft) => save.mutateAsync(draft)}
        />
      )}
    </Stack>
  )
}
