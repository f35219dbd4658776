import { Alert, Button, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { AnchorLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import { accountQuery } from '../../auth'
import { deleteTenant, preflightQuery } from '../api/lifecycle'
import { ConfirmWithPasswordDialog, type PasswordConfirmation } from '../components/confirm-with-password'
import { TransferSection } from '../components/transfer-section'

const route = getRouteApi('/signed-in/t/$tenantId/lifecycle')

/** Kinds of the preflight's `impact`, in the order shown. */
const IMPACT = ['members', 'contents', 'media', 'categories', 'tags', 'apiTokens'] as const

/**
 * The owner's screen of the tenant's lifecycle: offering the ownership to a member, and deleting
 * the tenant after its preflight (what goes, until when it can be restored). Other members read
 * why they cannot act here: the API lets owners only.
 */
export function TenantLifecyclePage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const { data: account } = useSuspenseQuery(accountQuery)
  const membership = account?.memberships.find((m) => m.tenantId === tenantId && m.status === 'active')
  const isOwner = membership?.role === 'owner'
  return (
    <Stack maw={820}>
      <Title order={1} size="h2">
        {t('lifecycle.title')}
      </Title>
      {!isOwner || account === null ? (
        <Alert color="gray">{t('lifecycle.ownersOnly')}</Alert>
      ) : (
        <>
          <TransferSection tenantId={tenantId} userId={account.user.id} />
          <DeletionSection tenantId={tenantId} />
        </>
      )}
      <Text>
        <AnchorLink to="/tenants/deleted">{t('lifecycle.deleted.link')}</AnchorLink>
      </Text>
    </Stack>
  )
}

/** The preflight's report and the deletion dialog; a deleted tenant is left for the deleted list. */
function DeletionSection({ tenantId }: { tenantId: string }) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const preflight = useQuery(preflightQuery(tenantId))
  const [opened, setOpened] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' })
  const number = new Intl.NumberFormat(i18n.language)
  const remove = useMutation({
    mutationFn: (values: PasswordConfirmation) => deleteTenant(tenantId, values),
    onSuccess: async ({ purgeAfter }) => {
      // Leave the tenant's screens first: its routes answer 404 from now on, so nothing may ask them again.
      await navigate({ to: '/tenants/deleted' })
      queryClient.removeQueries({ queryKey: ['tenant', tenantId] })
      await queryClient.invalidateQueries({ queryKey: ['account'] })
      notifySuccess(t('lifecycle.delete.done', { date: date.format(new Date(purgeAfter)) }))
    },
    onError: (failure) =>
      setErrors(
        fieldErrors(failure, { InvalidCredentials: 'currentPassword', ConfirmationMismatch: 'confirmation' }),
      ),
  })
  const data = preflight.data
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="delete-title">
      <Stack>
        <Title order={2} size="h3" id="delete-title">
          {t('lifecycle.delete.title')}
        </Title>
        {preflight.error ? (
          <Alert color="red" role="alert">
            {preflight.error.message}
          </Alert>
        ) : data === undefined ? (
          <Skeleton h={160} />
        ) : (
          <>
            <Text>
              {t('lifecycle.delete.intro', {
                count: data.graceDays,
                date: date.format(new Date(data.purgeAfter)),
              })}
            </Text>
            <Table withTableBorder maw={360} aria-labelledby="impact-caption">
              <Table.Caption id="impact-caption">{t('lifecycle.delete.impact')}</Table.Caption>
              <Table.Tbody>
                {IMPACT.map((kind) => (
                  <Table.Tr key={kind}>
                    <Table.Th scope="row">{t(`lifecycle.delete.kinds.${kind}`)}</Table.Th>
                    <Table.Td ta="right">{number.format(data.impact[kind])}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {!data.canDelete && <Alert color="gray">{t('lifecycle.delete.cannot')}</Alert>}
            <Button color="red.8" w="fit-content" disabled={!data.canDelete} onClick={() => setOpened(true)}>
              {t('lifecycle.delete.open')}
            </Button>
            <ConfirmWithPasswordDialog
              opened={opened}
              title={t('lifecycle.delete.dialogTitle', { name: data.tenant.name })}
              explanation={t('lifecycle.delete.explanation', {
                date: date.format(new Date(data.purgeAfter)),
              })}
              expected={data.confirmation}
              submitLabel={t('lifecycle.delete.submit')}
              withReason
              pending={remove.isPending}
              errors={errors}
              onSubmit={(values) => {
                setErrors({})
                remove.mutate(values)
              }}
              onClose={() => {
                setErrors({})
                setOpened(false)
              }}
            />
          </>
        )}
      </Stack>
    </Paper>
  )
}
