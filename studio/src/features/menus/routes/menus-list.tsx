import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { DataTable } from '../../../app/data-table'
import { Pager } from '../../../app/pager'
import { AnchorLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import { useCan } from '../../auth'
import { deleteMenu, type MenuSummary, menusQuery } from '../api/menus'
import { MenuSettingsDialog } from '../components/menu-settings-dialog'

const route = getRouteApi('/signed-in/t/$tenantId/menus')

/** The tenant's navigation menus: create, rename, place (location, status), delete, open to edit. */
export function MenusListPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const navigate = route.useNavigate()
  const queryClient = useQueryClient()
  const can = useCan()
  const { page = 1 } = route.useSearch()
  const { data, error, isFetching } = useQuery(menusQuery(tenantId, page))
  const [creating, setCreating] = useState(false)
  const [editing, setEditing] = useState<MenuSummary | null>(null)
  const [deleting, setDeleting] = useState<MenuSummary | null>(null)
  const remove = useMutation({
    mutationFn: (menu: MenuSummary) => deleteMenu(tenantId, menu.id),
    onSuccess: async (_, menu) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'menus'] })
      notifySuccess(t('menus.deleted', { name: menu.name }))
      setDeleting(null)
    },
  })

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('menus.title')}
        </Title>
        {can('menus:create') && <Button onClick={() => setCreating(true)}>{t('menus.new')}</Button>}
      </Group>
      <Text size="sm">{t('menus.intro')}</Text>
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : data && data.menus.length === 0 ? (
        <Text>{t('menus.empty')}</Text>
      ) : (
        <DataTable
          label={t('menus.title')}
          minWidth={640}
          busy={isFetching}
          caption={data ? t('menus.count', { count: data.pagination.total }) : t('app.loading')}
          head={
            <>
              <Table.Th>{t('menus.columns.name')}</Table.Th>
              <Table.Th>{t('menus.columns.location')}</Table.Th>
              <Table.Th>{t('menus.columns.status')}</Table.Th>
              <Table.Th>{t('menus.columns.items')}</Table.Th>
              <Table.Th>{t('menus.columns.actions')}</Table.Th>
            </>
          }
        >
          {data?.menus.map((menu) => (
            <Table.Tr key={menu.id}>
              <Table.Td>
                <AnchorLink to="/t/$tenantId/menus/$menuId" params={{ tenantId, menuId: menu.id }}>
                  {menu.name}
                </AnchorLink>
                <Text size="xs" c="dimmed">
                  {menu.slug}
                </Text>
              </Table.Td>
              <Table.Td>{t(`menus.locations.${menu.location}`)}</Table.Td>
              <Table.Td>
                <Badge variant="filled" color={menu.status === 'active' ? 'teal.9' : 'gray.8'}>
                  {t(`menus.statuses.${menu.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{menu.itemCount}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {can('menus:update') && (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('menus.settingsOf', { name: menu.name })}
                      onClick={() => setEditing(menu)}
                    >
                      {t('menus.settings')}
                    </Button>
                  )}
                  {can('menus:delete') && (
                    <Button
                      size="xs"
                      variant="default"
                      color="red.8"
                      aria-label={t('menus.deleteOf', { name: menu.name })}
                      onClick={() => {
                        remove.reset()
                        setDeleting(menu)
                      }}
                    >
                      {t('menus.delete')}
                    </Button>
                  )}
                </Group>
              </Table.Td>
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
      {creating && (
        <MenuSettingsDialog
          tenantId={tenantId}
          opened
          onClose={() => setCreating(false)}
          onSaved={(menuId) =>
            void navigate({ to: '/t/$tenantId/menus/$menuId', params: { tenantId, menuId } })
          }
        />
      )}
      {editing && (
        <MenuSettingsDialog tenantId={tenantId} menu={editing} opened onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('menus.deleteOf', { name: deleting.name })}
          confirmLabel={t('menus.delete')}
          pending={remove.isPending}
          error={remove.error?.message}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        >
          {t('menus.deleteText', { count: deleting.itemCount, name: deleting.name })}
        </ConfirmDialog>
      )}
    </Stack>
  )
}
