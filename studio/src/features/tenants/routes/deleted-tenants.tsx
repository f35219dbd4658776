import { Alert, Button, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../../app/data-table'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { type DeletedTenant, deletedTenantsQuery, restoreTenant } from '../api/lifecycle'
import { ConfirmWithPasswordDialog, type PasswordConfirmation } from '../components/confirm-with-password'

/**
 * The tenants the user owns that were deleted and can still be restored (until their purge date);
 * restoring one opens it again.
 */
export function DeletedTenantsPage() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data, error } = useQuery(deletedTenantsQuery)
  const [restoring, setRestoring] = useState<DeletedTenant>()
  const [errors, setErrors] = useState<FieldErrors>({})
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const restore = useMutation({
    mutationFn: ({ tenant, values }: { tenant: DeletedTenant; values: PasswordConfirmation }) =>
      restoreTenant(tenant.tenantId, {
        confirmation: values.confirmation,
        currentPassword: values.currentPassword,
      }),
    onSuccess: async ({ tenant }) => {
      await queryClient.invalidateQueries({ queryKey: ['account'] })
      setRestoring(undefined)
      notifySuccess(t('lifecycle.restore.done', { name: tenant.name }))
      await navigate({ to: '/t/$tenantId', params: { tenantId: tenant.id } })
    },
    onError: (failure) =>
      setErrors(
        fieldErrors(failure, { InvalidCredentials: 'currentPassword', ConfirmationMismatch: 'confirmation' }),
      ),
  })
  return (
    <Stack maw={960}>
      <Title order={1} size="h2">
        {t('lifecycle.deleted.title')}
      </Title>
      <Text>{t('lifecycle.deleted.intro')}</Text>
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : data === undefined ? (
        <Skeleton h={120} />
      ) : data.length === 0 ? (
        <Text>{t('lifecycle.deleted.none')}</Text>
      ) : (
        <DataTable
          label={t('lifecycle.deleted.title')}
          minWidth={640}
          caption={t('lifecycle.deleted.count', { count: data.length })}
          head={
            <>
              <Table.Th>{t('tenants.name')}</Table.Th>
              <Table.Th>{t('tenants.slug')}</Table.Th>
              <Table.Th>{t('lifecycle.deleted.deletedAt')}</Table.Th>
              <Table.Th>{t('lifecycle.deleted.purgeAfter')}</Table.Th>
              <Table.Th>{t('lifecycle.deleted.reason')}</Table.Th>
              <Table.Th>{t('lifecycle.deleted.actions')}</Table.Th>
            </>
          }
        >
          {data.map((tenant) => (
            <Table.Tr key={tenant.tenantId}>
              <Table.Td>{tenant.name}</Table.Td>
              <Table.Td>{tenant.slug}</Table.Td>
              <Table.Td>{date.format(new Date(tenant.deletedAt))}</Table.Td>
              <Table.Td>{date.format(new Date(tenant.purgeAfter))}</Table.Td>
              <Table.Td>{tenant.deletionReason ?? '—'}</Table.Td>
              <Table.Td>
                {tenant.restoreAvailable ? (
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={t('lifecycle.restore.open', { name: tenant.name })}
                    onClick={() => setRestoring(tenant)}
                  >
                    {t('lifecycle.restore.button')}
                  </Button>
                ) : (
                  t('lifecycle.restore.unavailable')
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <ConfirmWithPasswordDialog
        key={restoring?.tenantId}
        opened={restoring !== undefined}
        title={t('lifecycle.restore.title', { name: restoring?.name ?? '' })}
        explanation={t('lifecycle.restore.explanation')}
        expected={restoring?.slug ?? ''}
        submitLabel={t('lifecycle.restore.submit')}
        pending={restore.isPending}
        errors={errors}
        onSubmit={(values) => {
          if (restoring === undefined) return
          setErrors({})
          restore.mutate({ tenant: restoring, values })
        }}
        onClose={() => {
          setErrors({})
          setRestoring(undefined)
        }}
      />
    </Stack>
  )
}
