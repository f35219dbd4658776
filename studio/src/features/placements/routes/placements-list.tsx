import { Alert, Button, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
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
  const [page, setPage] = useState(1)
  const { data, error, isFetching } = useQuery(placementsQuery(tenantId, page))
  const [creating, setCreating] = useState(false)
  const captionId = useId()

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
        <Table.ScrollContainer
          minWidth={560}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t('placements.title')}
        >
          <Table striped aria-describedby={captionId} aria-busy={isFetching}>
            <Table.Caption id={captionId}>
              {data ? t('placements.count', { count: data.pagination.total }) : t('app.loading')}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('placements.fields.name')}</Table.Th>
                <Table.Th>{t('placements.fields.status')}</Table.Th>
                <Table.Th>{t('placements.fields.category')}</Table.Th>
                <Table.Th>{t('placements.columns.experiences')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.pagination.pages > 1 && (
        <Pagination
          total={data.pagination.pages}
          value={data.pagination.page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`contents.paging.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('contents.paging.page', { page: item }) })}
        />
      )}
      <NewPlacementDialog tenantId={tenantId} opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  )
}
