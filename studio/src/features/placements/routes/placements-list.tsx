import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../../app/data-table'
import { Pager } from '../../../app/pager'
import { AnchorLink } from '../../../lib/links'
import { useCan } from '../../auth'
import { placementsQuery } from '../api/placements'
import { NewPlacementDialog } from '../components/new-placement-dialog'
import { StatusBadge } from '../components/status-badge'

const route = getRouteApi('/signed-in/t/$tenantId/placements')

/** The tenant's placements by name, with their status, category and number of experiences. */
export function PlacementsListPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const can = useCan()
  const { page = 1 } = route.useSearch()
  const navigate = route.useNavigate()
  const { data, error, isFetching } = useQuery(placementsQuery(tenantId, page))
  const [creating, setCreating] = useState(false)

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('placements.title')}
        </Title>
        {can('placements:create') && <Button onClick={() => setCreating(true)}>{t('placements.new')}</Button>}
      </Group>
      <Text c="dimmed">{t('placements.intro')}</Text>
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : data && data.placements.length === 0 ? (
        <Text>{t('placements.empty')}</Text>
      ) : (
        <DataTable
          label={t('placements.title')}
          busy={isFetching}
          caption={data ? t('placements.count', { count: data.pagination.total }) : t('app.loading')}
          head={
            <>
              <Table.Th>{t('placements.fields.name')}</Table.Th>
              <Table.Th>{t('placements.fields.status')}</Table.Th>
              <Table.Th>{t('placements.fields.category')}</Table.Th>
              <Table.Th>{t('placements.columns.experiences')}</Table.Th>
            </>
          }
        >
          {data?.placements.map((placement) => (
            <Table.Tr key={placement.id}>
              <Table.Td>
                <AnchorLink
                  to="/t/$tenantId/placements/$placementId"
                  params={{ tenantId, placementId: placement.id }}
                >
                  {placement.name}
                </AnchorLink>
                <Text size="xs" c="dimmed">
                  {placement.slug}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge kind="placement" status={placement.status} />
              </Table.Td>
              <Table.Td>{t(`placements.category.${placement.category}`)}</Table.Td>
              <Table.Td>{placement.experiences.length}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {data && (
        <Pager
          pages={data.pagination.pages}
          page={data.pagination.page}
          onChange={(next) => navigate({ search: { page: next } })}
        />
      )}
      <NewPlacementDialog tenantId={tenantId} opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  )
}
