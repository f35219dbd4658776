import { Alert, Autocomplete, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { PasswordField } from '../../../app/password-field'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { cancelTransfer, offerTransfer, openTransferQuery, transferCandidatesQuery } from '../api/lifecycle'

/**
 * Ownership transfer from the owner's side: the open offer (to whom, until when) with a way to
 * withdraw it, and the form that makes a new one (a member's e-mail and the owner's password).
 */
export function TransferSection({ tenantId, userId }: { tenantId: string; userId: string }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const offer = useQuery(openTransferQuery(tenantId))
  const candidates = useQuery(transferCandidatesQuery(tenantId, userId))
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [withdrawing, setWithdrawing] = useState(false)
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'lifecycle', 'transfer'] })

  const send = useMutation({
    mutationFn: (body: { email: string; password: string }) => offerTransfer(tenantId, body),
    onSuccess: async ({ transfer }) => {
      await refresh()
      notifySuccess(t('lifecycle.transfer.sent', { email: transfer.email }))
      setEmail('')
    },
    onError: (failure) =>
      setErrors(fieldErrors(failure, { InvalidCredentials: 'password', ValidationFailed: 'email' })),
  })
  const cancel = useMutation({
    mutationFn: () => cancelTransfer(tenantId),
    onSuccess: async () => {
      await refresh()
      setWithdrawing(false)
      notifySuccess(t('lifecycle.transfer.withdrawn'))
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const password = String(new FormData(form).get('password') ?? '')
    setErrors({})
    send.mutate({ email: email.trim(), password }, { onSuccess: () => form.reset() })
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="transfer-title">
      <Stack>
        <Title order={2} size="h3" id="transfer-title">
          {t('lifecycle.transfer.title')}
        </Title>
        <Text>{t('lifecycle.transfer.intro')}</Text>
        {offer.error ? (
          <Alert color="red" role="alert">
            {offer.error.message}
          </Alert>
        ) : offer.isPending ? (
          <Skeleton h={40} />
        ) : offer.data ? (
          <Alert color="blue" title={t('lifecycle.transfer.openTitle')}>
            <Stack gap="xs">
              <Text size="sm">
                {t('lifecycle.transfer.open', {
                  email: offer.data.email,
                  sent: date.format(new Date(offer.data.createdAt)),
                  expires: date.format(new Date(offer.data.expiresAt)),
                })}
              </Text>
              <Button variant="default" w="fit-content" onClick={() => setWithdrawing(true)}>
                {t('lifecycle.transfer.withdraw')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Text c="dimmed">{t('lifecycle.transfer.none')}</Text>
        )}
        <form onSubmit={submit} noValidate>
          <Stack maw={480}>
            {errors.form && (
              <Alert color="red" role="alert">
                {errors.form}
              </Alert>
            )}
            <Autocomplete
              label={t('lifecycle.transfer.email')}
              description={t('lifecycle.transfer.emailHint')}
              data={candidates.data ?? []}
              value={email}
              onChange={setEmail}
              autoComplete="off"
              required
              error={errors.email}
            />
            <PasswordField
              name="password"
              label={t('lifecycle.confirm.password')}
              autoComplete="current-password"
              required
              error={errors.password}
            />
            <Group>
              <Button type="submit" loading={send.isPending}>
                {offer.data ? t('lifecycle.transfer.replace') : t('lifecycle.transfer.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      <ConfirmDialog
        opened={withdrawing}
        title={t('lifecycle.transfer.withdrawTitle')}
        confirmLabel={t('lifecycle.transfer.withdraw')}
        pending={cancel.isPending}
        error={cancel.error?.message}
        onConfirm={() => cancel.mutate()}
        onClose={() => {
          cancel.reset()
          setWithdrawing(false)
        }}
      >
        {t('lifecycle.transfer.withdrawText', { email: offer.data?.email ?? '' })}
      </ConfirmDialog>
    </Paper>
  )
}
