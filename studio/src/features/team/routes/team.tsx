import { Alert, Badge, Button, Group, Pagination, Stack, Table, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../../auth'
import { membersQuery } from '../api/members'
import { InviteDialog } from '../components/invite-dialog'

const route = getRouteApi('/signed-in/t/$tenantId/team')

/** Filled badges in shades dark enough for white text (WCAG AA), as the contents' status. */
const STATUS_COLORS: Record<string, string> = { active: 'teal.9', pending: 'blue.8', inactive: 'gray.7' }

/** The tenant's members with their role and status, and invitations for those who may send them. */
export function TeamPage() {
  const { t, i18n } = useTranslation()
  const { tenantId } = route.useParams()
  const can = useCan()
  const [page, setPage] = useState(1)
  const [inviting, { open, close }] = useDisclosure()
  const { data, error, isFetching } = useQuery(membersQuery(tenantId, page))
  const captionId = useId()
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('team.title')}
        </Title>
        {can('users:invite') && <Button onClick={open}>{t('team.invite.open')}</Button>}
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : (
        <Table.ScrollContainer
          minWidth={560}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t('team.title')}
        >
          <Table striped aria-describedby={captionId} aria-busy={isFetching}>
            <Table.Caption id={captionId}>
              {data ? t('team.count', { count: data.pagination.total }) : t('app.loading')}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('team.name')}</Table.Th>
                <Table.Th>{t('auth.email')}</Table.Th>
                <Table.Th>{t('team.role')}</Table.Th>
                <Table.Th>{t('team.status')}</Table.Th>
                <Table.Th>{t('team.since')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.users.map((member) => (
                <Table.Tr key={member.membershipId}>
                  <Table.Td>{`${member.firstName} ${member.lastName}`.trim() || '—'}</Table.Td>
                  <Table.Td>{member.email}</Table.Td>
                  <Table.Td>{t(`team.roles.${member.role}`, { defaultValue: member.role })}</Table.Td>
                  <Table.Td>
                    <Badge variant="filled" color={STATUS_COLORS[member.status] ?? 'gray.7'}>
                      {t(`team.statuses.${member.status}`, { defaultValue: member.status })}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{date.format(new Date(member.createdAt))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.pagination.pages > 1 && (
        <Pagination
          total={data.pagination.pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`contents.paging.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('contents.paging.page', { page: item }) })}
        />
      )}
      <InviteDialog tenantId={tenantId} opened={inviting} onClose={close} />
    </Stack>
  )
}
