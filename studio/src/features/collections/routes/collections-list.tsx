import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { DataTable } from '../../../app/data-table'
import { AnchorLink, ButtonLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import { useCan } from '../../auth'
import {
  type Collection,
  collectionsQuery,
  deleteCollection,
  localized,
  pathErrors,
  updateCollection,
} from '../api/collections'

const route = getRouteApi('/signed-in/t/$tenantId/collections')

/**
 * The tenant's collections: open their entries or schema, archive and restore, and delete an
 * archived one (the API deletes only archived collections, with their entries).
 */
export function CollectionsListPage() {
  const { t, i18n } = useTranslation()
  const { tenantId } = route.useParams()
  const queryClient = useQueryClient()
  const can = useCan()
  const { data, error } = useQuery(collectionsQuery(tenantId))
  const [deleting, setDeleting] = useState<Collection | null>(null)
  const [failure, setFailure] = useState<string | undefined>()
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'collections'] })
  const nameOf = (collection: Collection) => localized(collection.name, i18n.language) || collection.key

  const setStatus = useMutation({
    mutationFn: ({ collection, status }: { collection: Collection; status: 'active' | 'archived' }) =>
      updateCollection(tenantId, collection.key, { status }),
    onSuccess: async ({ collection }) => {
      await refresh()
      notifySuccess(
        t(collection.status === 'archived' ? 'collections.archived' : 'collections.restored', {
          name: nameOf(collection),
        }),
      )
    },
    onError: (problem) => setFailure(pathErrors(problem).form),
  })
  const remove = useMutation({
    mutationFn: (collection: Collection) => deleteCollection(tenantId, collection.key),
    onSuccess: async (_, collection) => {
      setDeleting(null)
      await refresh()
      notifySuccess(t('collections.deleted', { name: nameOf(collection) }))
    },
    onError: (problem) => setFailure(pathErrors(problem).form),
  })

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('collections.title')}
        </Title>
        {can('collections:create') && (
          <ButtonLink to="/t/$tenantId/collections/new" params={{ tenantId }}>
            {t('collections.new')}
          </ButtonLink>
        )}
      </Group>
      {failure && deleting === null && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={t('app.close')}
          onClose={() => setFailure(undefined)}
        >
          {failure}
        </Alert>
      )}
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : data && data.collections.length === 0 ? (
        <Text>{t('collections.empty')}</Text>
      ) : (
        <DataTable
          label={t('collections.title')}
          minWidth={640}
          busy={data === undefined}
          head={
            <>
              <Table.Th>{t('collections.name')}</Table.Th>
              <Table.Th>{t('collections.key')}</Table.Th>
              <Table.Th>{t('collections.fields')}</Table.Th>
              <Table.Th>{t('collections.status')}</Table.Th>
              <Table.Th>{t('collections.actions')}</Table.Th>
            </>
          }
        >
          {data?.collections.map((collection) => {
            const name = nameOf(collection)
            const archived = collection.status === 'archived'
            return (
              <Table.Tr key={collection.id}>
                <Table.Td>
                  <AnchorLink
                    to="/t/$tenantId/collections/$key"
                    params={{ tenantId, key: collection.key }}
                    aria-label={t('collections.entriesOf', { name })}
                  >
                    {name}
                  </AnchorLink>
                </Table.Td>
                <Table.Td>
                  <code>{collection.key}</code>
                </Table.Td>
                <Table.Td>{collection.fields.length}</Table.Td>
                <Table.Td>
                  <Badge variant="filled" color={archived ? 'gray.8' : 'teal.9'}>
                    {t(`collections.statuses.${archived ? 'archived' : 'active'}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {can('collections:update') && (
                      <ButtonLink
                        size="xs"
                        variant="default"
                        to="/t/$tenantId/collections/$key/schema"
                        params={{ tenantId, key: collection.key }}
                        aria-label={t('collections.schemaOf', { name })}
                      >
                        {t('collections.schema')}
                      </ButtonLink>
                    )}
                    {can('collections:update') && (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t(archived ? 'collections.restoreOf' : 'collections.archiveOf', {
                          name,
                        })}
                        loading={setStatus.isPending && setStatus.variables.collection.id === collection.id}
                        onClick={() => {
                          setFailure(undefined)
                          setStatus.mutate({ collection, status: archived ? 'active' : 'archived' })
                        }}
                      >
                        {t(archived ? 'collections.restore' : 'collections.archive')}
                      </Button>
                    )}
                    {can('collections:delete') && archived && (
                      <Button
                        size="xs"
                        variant="default"
                        c="red.8"
                        aria-label={t('collections.deleteOf', { name })}
                        onClick={() => {
                          setFailure(undefined)
                          setDeleting(collection)
                        }}
                      >
                        {t('collections.delete')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            )
          })}
        </DataTable>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('collections.deleteTitle', { name: nameOf(deleting) })}
          confirmLabel={t('collections.delete')}
          pending={remove.isPending}
          error={failure}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => {
            setDeleting(null)
            setFailure(undefined)
          }}
        >
          {t('collections.deleteText')}
        </ConfirmDialog>
      )}
    </Stack>
  )
}
