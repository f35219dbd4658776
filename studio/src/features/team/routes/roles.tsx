import { Alert, Badge, Button, Group, Select, Stack, Table, Title, VisuallyHidden } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { DataTable } from '../../../app/data-table'
import { AnchorLink, ButtonLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import { useCan } from '../../auth'
import { mayGrant, permissionFamilies } from '../api/grant-rules'
import { useGrantor } from '../api/grants'
import { roleHoldersQuery } from '../api/members'
import { deleteRole, type Role, rolesQuery } from '../api/roles'
import { roleLabel } from '../components/role-label'

const route = getRouteApi('/signed-in/t/$tenantId/roles')

/**
 * The tenant's roles: the system ones to read, custom ones to create, edit and delete for those
 * who may (a custom role below the member's own level).
 */
export function RolesPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const can = useCan()
  const grantor = useGrantor(tenantId)
  const { data, error, isFetching } = useQuery(rolesQuery(tenantId))
  const [deleting, setDeleting] = useState<Role>()
  const mayChange = (role: Role) => !role.isSystem && (grantor.isOwner || role.level < grantor.level)

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('roles.title')}
        </Title>
        {can('roles:create') && grantor.level > 1 && (
          <ButtonLink to="/t/$tenantId/roles/new" params={{ tenantId }}>
            {t('roles.create')}
          </ButtonLink>
        )}
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : (
        <DataTable
          label={t('roles.title')}
          busy={isFetching}
          caption={data ? t('roles.count', { count: data.roles.length }) : t('app.loading')}
          head={
            <>
              <Table.Th>{t('roles.name')}</Table.Th>
              <Table.Th>{t('roles.key')}</Table.Th>
              <Table.Th>{t('roles.level')}</Table.Th>
              <Table.Th>{t('roles.permissionCount')}</Table.Th>
              <Table.Th>{t('roles.kind')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('team.actions.column')}</VisuallyHidden>
              </Table.Th>
            </>
          }
        >
          {data?.roles.map((role) => (
            <Table.Tr key={role.id}>
              <Table.Td>
                <AnchorLink to="/t/$tenantId/roles/$roleId" params={{ tenantId, roleId: role.id }}>
                  {roleLabel(t, role.key, data.roles)}
                </AnchorLink>
              </Table.Td>
              <Table.Td>{role.key}</Table.Td>
              <Table.Td>{role.level}</Table.Td>
              <Table.Td>{role.permissions.length}</Table.Td>
              <Table.Td>
                <Badge variant="filled" color={role.isSystem ? 'gray.7' : 'blue.8'}>
                  {role.isSystem ? t('roles.system') : t('roles.custom')}
                </Badge>
              </Table.Td>
              <Table.Td>
                {can('roles:delete') && mayChange(role) && (
                  <Button
                    variant="default"
                    size="xs"
                    onClick={() => setDeleting(role)}
                    aria-label={t('roles.delete.label', { name: role.name })}
                  >
                    {t('roles.delete.submit')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {deleting && data && (
        <DeleteRoleDialog
          tenantId={tenantId}
          role={deleting}
          roles={data.roles}
          onClose={() => setDeleting(undefined)}
        />
      )}
    </Stack>
  )
}

/** Asks before deleting a role; while members hold it, they move to a role picked here first. */
function DeleteRoleDialog({
  tenantId,
  role,
  roles,
  onClose,
}: {
  tenantId: string
  role: Role
  roles: readonly Role[]
  onClose: () => void
}) {
  const { t } = useTranslation()
  const can = useCan()
  const grantor = useGrantor(tenantId)
  const queryClient = useQueryClient()
  const families = permissionFamilies(roles)
  const [target, setTarget] = useState<string | null>(null)
  const holders = useQuery({ ...roleHoldersQuery(tenantId, role.key), enabled: can('users:view') }).data
  const remove = useMutation({
    mutationFn: () => deleteRole(tenantId, role.id, target ?? undefined),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId] })
      notifySuccess(t('roles.delete.done', { name: role.name }))
      onClose()
    },
  })
  const options = roles
    .filter((other) => other.key !== role.key && mayGrant(grantor, other, families))
    .map((other) => ({ value: other.key, label: roleLabel(t, other.key, roles) }))
  return (
    <ConfirmDialog
      title={t('roles.delete.title', { name: role.name })}
      confirmLabel={t('roles.delete.submit')}
      pending={remove.isPending}
      error={remove.error?.message}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
      fields={
        holders !== undefined && holders > 0 ? (
          <Select
            label={t('roles.delete.reassign')}
            data={options}
            value={target}
            onChange={setTarget}
            required
            data-autofocus
          />
        ) : undefined
      }
    >
      {holders !== undefined && holders > 0
        ? t('roles.delete.held', { count: holders, name: role.name })
        : t('roles.delete.text', { name: role.name })}
    </ConfirmDialog>
  )
}
