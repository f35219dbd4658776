import { Alert, Group, Select, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Pager } from '../../../app/pager'
import { SearchBox } from '../../../app/search-box'
import { AnchorLink, ButtonLink } from '../../../lib/links'
import { useCan } from '../../auth'
import {
  BUILTIN_SORTS,
  type CollectionBody,
  collectionQuery,
  isSortable,
  localized,
} from '../api/collections'
import { ENTRY_STATUSES, type EntryStatus, entriesQuery, entryTitle } from '../api/entries'
import { EntryStatusBadge } from '../components/entry-status-badge'

const route = getRouteApi('/signed-in/t/$tenantId/collections/$key')

/** A collection's entries: status filter, search, sort and pages, all in the URL. */
export function EntriesListPage() {
  const { t, i18n } = useTranslation()
  const { tenantId, key } = route.useParams()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const can = useCan()
  const collection = useQuery(collectionQuery(tenantId, key))
  const { data, error, isFetching } = useQuery(entriesQuery(tenantId, key, search))
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const captionId = useId()
  const name = localized(collection.data?.name, i18n.language) || key
  const slugField = collection.data?.slugField ?? null
  const fields = (collection.data?.fields ?? []) as unknown as CollectionBody['fields']
  const sortable = fields.filter(isSortable)
  const sorts = [
    ...BUILTIN_SORTS.map((field) => [field, t(`collections.builtins.${field}`)] as const),
    ...sortable.map((field) => [field.key, localized(field.label, i18n.language) || field.key] as const),
  ].flatMap(([field, label]) => [
    { value: field, label: t('collections.sortAsc', { field: label }) },
    { value: `-${field}`, label: t('collections.sortDesc', { field: label }) },
  ])
  const archived = collection.data?.status === 'archived'

  return (
    <Stack>
      <AnchorLink to="/t/$tenantId/collections" params={{ tenantId }}>
        {t('collections.back')}
      </AnchorLink>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {name}
        </Title>
        <Group gap="xs">
          {can('collections:update') && (
            <ButtonLink
              variant="default"
              to="/t/$tenantId/collections/$key/schema"
              params={{ tenantId, key }}
            >
              {t('collections.schema')}
            </ButtonLink>
          )}
          {can('collections:create') && !archived && (
            <ButtonLink to="/t/$tenantId/collections/$key/entries/new" params={{ tenantId, key }}>
              {t('collections.newEntry')}
            </ButtonLink>
          )}
        </Group>
      </Group>
      {archived && <Alert color="gray">{t('collections.archivedNote')}</Alert>}
      <Group align="flex-end" wrap="wrap">
        <SearchBox
          label={t('collections.search')}
          submitLabel={t('collections.searchSubmit')}
          value={search.q ?? ''}
          onSearch={(words) =>
            void navigate({ search: (previous) => ({ ...previous, q: words || undefined, page: undefined }) })
          }
        />
        <Select
          label={t('collections.statusFilter')}
          clearable
          clearButtonProps={{
            'aria-label': t('collections.clearOf', { field: t('collections.statusFilter') }),
          }}
          placeholder={t('collections.anyStatus')}
          value={search.status ?? null}
          data={ENTRY_STATUSES.map((status) => ({
            value: status,
            label: t(`collections.entryStatus.${status}`),
          }))}
          onChange={(value) =>
            navigate({
              search: (previous) => ({
                ...previous,
                status: (value as EntryStatus | null) ?? undefined,
                page: undefined,
              }),
            })
          }
        />
        <Select
          label={t('collections.sortBy')}
          clearable
          clearButtonProps={{ 'aria-label': t('collections.clearOf', { field: t('collections.sortBy') }) }}
          placeholder={t('collections.defaultSort')}
          value={search.sort ?? null}
          data={sorts}
          onChange={(value) =>
            navigate({ search: (previous) => ({ ...previous, sort: value ?? undefined, page: undefined }) })
          }
        />
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : data && data.entries.length === 0 ? (
        <Text>{t('collections.noEntries')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560} type="native" tabIndex={0} role="region" aria-label={name}>
          <Table striped aria-describedby={captionId} aria-busy={isFetching}>
            <Table.Caption id={captionId}>
              {data ? t('collections.entryCount', { count: data.pagination.total }) : t('app.loading')}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('collections.entry')}</Table.Th>
                <Table.Th>{t('collections.slug')}</Table.Th>
                <Table.Th>{t('collections.status')}</Table.Th>
                <Table.Th>{t('collections.updatedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <AnchorLink
                      to="/t/$tenantId/collections/$key/entries/$entryId"
                      params={{ tenantId, key, entryId: entry.id }}
                    >
                      {entryTitle(entry, slugField)}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td>
                    <code>{entry.slug}</code>
                  </Table.Td>
                  <Table.Td>
                    <EntryStatusBadge status={entry.status} />
                  </Table.Td>
                  <Table.Td>{date.format(new Date(entry.updatedAt))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && (
        <Pager
          pages={data.pagination.pages}
          page={data.pagination.page}
          onChange={(page) => navigate({ search: (previous) => ({ ...previous, page }) })}
        />
      )}
    </Stack>
  )
}
