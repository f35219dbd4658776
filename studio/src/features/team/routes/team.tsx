import { Alert, Badge, Button, Group, Stack, Table, Title, VisuallyHidden } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { DataTable } from '../../../app/data-table'
import { Pager } from '../../../app/pager'
import { notifySuccess } from '../../../lib/notify'
import { useCan } from '../../auth'
import { mayGrant, outranks, permissionFamilies } from '../api/grant-rules'
import { useGrantor } from '../api/grants'
import { type Member, membersQuery, reinviteMember, removeMember, toggleMemberStatus } from '../api/members'
import { rolesQuery } from '../api/roles'
import { InviteDialog } from '../components/invite-dialog'
import { type MemberAction, MemberActions } from '../components/member-actions'
import { RoleDialog } from '../components/role-dialog'
import { roleLabel } from '../components/role-label'

const route = getRouteApi('/signed-in/t/$tenantId/team')

/** Filled badges in shades dark enough for white text (WCAG AA), as the contents' status. */
const STATUS_COLORS: Record<string, string> = { active: 'teal.9', pending: 'blue.8', inactive: 'gray.7' }

/** The actions that ask first, with what the confirmation says and does. */
type Confirmed = Extract<MemberAction, 'deactivate' | 'reactivate' | 'remove' | 'revoke'>

/**
 * The tenant's members with their role and status; invitations, role changes, deactivation and
 * removal for those who may, on members below their own level (owners: anyone), never on oneself.
 */
export function TeamPage() {
  const { t, i18n } = useTranslation()
  const { tenantId } = route.useParams()
  const can = useCan()
  const grantor = useGrantor(tenantId)
  const queryClient = useQueryClient()
  const { page = 1 } = route.useSearch()
  const navigate = route.useNavigate()
  const [inviting, { open, close }] = useDisclosure()
  const [changingRole, setChangingRole] = useState<Member>()
  const [confirming, setConfirming] = useState<{ action: Confirmed; member: Member }>()
  const { data, error, isFetching } = useQuery(membersQuery(tenantId, page))
  const roles = useQuery({ ...rolesQuery(tenantId), enabled: can('roles:view') }).data?.roles
  const families = roles ? permissionFamilies(roles) : []
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' })
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'members'] })

  const grantable = (roles ?? []).filter((role) => mayGrant(grantor, role, families))
  const roleOf = (key: string) => roles?.find((role) => role.key === key)

  /** The actions the caller may take on `member`, as the API's guards decide them. */
  function actionsFor(member: Member): MemberAction[] {
    if (member.id === grantor.userId || !outranks(grantor, roleOf(member.role)?.level ?? 0)) return []
    const pending = member.status === 'pending'
    const actions: MemberAction[] = []
    if (can('users:assign-role') && grantable.length > 0) actions.push('role')
    if (pending && can('users:invite') && grantable.some((role) => role.key === member.role)) {
      actions.push('reinvite')
    }
    if (!pending && can('users:update'))
      actions.push(member.status === 'active' ? 'deactivate' : 'reactivate')
    if (can('users:delete')) actions.push(pending ? 'revoke' : 'remove')
    return actions
  }

  const reinvite = useMutation({
    mutationFn: (member: Member) => reinviteMember(tenantId, member.id),
    onSuccess: async ({ invitation }) => {
      await refresh()
      notifySuccess(t('team.reinvite.sent', { email: invitation.email }))
    },
  })
  const confirm = useMutation({
    mutationFn: async ({ action, member }: { action: Confirmed; member: Member }) => {
      if (action === 'remove' || action === 'revoke') await removeMember(tenantId, member.id)
      else await toggleMemberStatus(tenantId, member.id)
    },
    onSuccess: async (_, { action, member }) => {
      await refresh()
      notifySuccess(t(`team.confirm.${action}.done`, { email: member.email }))
      setConfirming(undefined)
    },
  })

  const onAction = (action: MemberAction, member: Member) => {
    if (action === 'role') setChangingRole(member)
    else if (action === 'reinvite') reinvite.mutate(member)
    else {
      confirm.reset()
      setConfirming({ action, member })
    }
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('team.title')}
        </Title>
        {can('users:invite') && <Button onClick={open}>{t('team.invite.open')}</Button>}
      </Group>
      {reinvite.error && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          onClose={() => reinvite.reset()}
          closeButtonLabel={t('app.close')}
        >
          {reinvite.error.message}
        </Alert>
      )}
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : (
        <DataTable
          label={t('team.title')}
          busy={isFetching}
          caption={data ? t('team.count', { count: data.pagination.total }) : t('app.loading')}
          head={
            <>
              <Table.Th>{t('team.name')}</Table.Th>
              <Table.Th>{t('auth.email')}</Table.Th>
              <Table.Th>{t('team.role')}</Table.Th>
              <Table.Th>{t('team.status')}</Table.Th>
              <Table.Th>{t('team.since')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('team.actions.column')}</VisuallyHidden>
              </Table.Th>
            </>
          }
        >
          {data?.users.map((member) => (
            <Table.Tr key={member.membershipId}>
              <Table.Td>{`${member.firstName} ${member.lastName}`.trim() || '—'}</Table.Td>
              <Table.Td>{member.email}</Table.Td>
              <Table.Td>{roleLabel(t, member.role, roles)}</Table.Td>
              <Table.Td>
                <Badge variant="filled" color={STATUS_COLORS[member.status] ?? 'gray.7'}>
                  {t(`team.statuses.${member.status}`, { defaultValue: member.status })}
                </Badge>
              </Table.Td>
              <Table.Td>{date.format(new Date(member.createdAt))}</Table.Td>
              <Table.Td>
                <MemberActions member={member} actions={actionsFor(member)} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {data && (
        <Pager
          pages={data.pagination.pages}
          page={page}
          onChange={(next) => navigate({ search: { page: next } })}
        />
      )}
      <InviteDialog
        tenantId={tenantId}
        opened={inviting}
        onClose={close}
        roles={
          roles &&
          grantable
            // Ownership moves by transfer, not by invitation.
            .filter((role) => role.key !== 'owner')
            .map((role) => ({ value: role.key, label: roleLabel(t, role.key, roles) }))
        }
      />
      {changingRole && (
        <RoleDialog
          tenantId={tenantId}
          member={changingRole}
          options={grantable.map((role) => ({ value: role.key, label: roleLabel(t, role.key, roles) }))}
          onClose={() => setChangingRole(undefined)}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={t(`team.confirm.${confirming.action}.title`)}
          confirmLabel={t(`team.confirm.${confirming.action}.submit`)}
          danger={confirming.action !== 'reactivate'}
          pending={confirm.isPending}
          error={confirm.error?.message}
          onConfirm={() => confirm.mutate(confirming)}
          onClose={() => setConfirming(undefined)}
        >
          {t(`team.confirm.${confirming.action}.text`, { email: confirming.member.email })}
        </ConfirmDialog>
      )}
    </Stack>
  )
}
