import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../lib/errors'
import { ButtonLink } from '../../../lib/links'
import { accountQuery, signOut } from '../api/session'
import { acceptTransfer, transferQuery } from '../api/transfer'
import { AuthFrame } from '../components/auth-frame'
import { CodeEntry } from '../components/code-entry'

const route = getRouteApi('/account/accept-transfer')

/**
 * Accepts the ownership of a tenant offered by mail (`?tenant=&token=`): says which tenant, for
 * which account and until when, then accepts as that account, signing in (or switching account)
 * first and coming back here.
 */
export function AcceptTransferPage() {
  const { t, i18n } = useTranslation()
  const { tenant, token } = route.useSearch()
  const navigate = route.useNavigate()
  const queryClient = useQueryClient()
  const preview = useQuery({ ...transferQuery(tenant, token), enabled: tenant !== '' && token !== '' })
  const account = useQuery(accountQuery)
  const [error, setError] = useState<string>()
  const mutation = useMutation({
    mutationFn: () => acceptTransfer(tenant, token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQuery.queryKey }),
    onError: (failure) => setError(Object.values(fieldErrors(failure)).join(' ')),
  })
  const here = `/account/accept-transfer?tenant=${encodeURIComponent(tenant)}&token=${encodeURIComponent(token)}`
  const offer = preview.data
  const signedInAs = account.data?.user.email
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })

  const switchAccount = async () => {
    await signOut().catch(() => undefined)
    queryClient.removeQueries({ queryKey: accountQuery.queryKey })
    await navigate({ to: '/login', search: { redirect: here } })
  }

  return (
    <AuthFrame>
      <Title order={1} size="h2">
        {t('account.transfer.title')}
      </Title>
      {tenant === '' ? (
        <Alert color="red" role="alert">
          {t('account.transfer.incomplete')}
        </Alert>
      ) : token === '' ? (
        <CodeEntry
          label={t('account.transfer.code')}
          onCode={(code) => navigate({ search: { tenant, token: code } })}
        />
      ) : preview.error ? (
        <Alert color="red" role="alert" title={t('account.failed')}>
          {preview.error.message}
        </Alert>
      ) : !offer ? (
        <Loader size="sm" aria-label={t('account.transfer.loading')} />
      ) : mutation.isSuccess ? (
        <Stack>
          <Alert color="teal" role="status">
            {t('account.transfer.done', { tenant: offer.tenant.name })}
          </Alert>
          <ButtonLink to="/t/$tenantId" params={{ tenantId: offer.tenant.id }} w="fit-content">
            {t('account.transfer.open', { tenant: offer.tenant.name })}
          </ButtonLink>
        </Stack>
      ) : (
        <Stack>
          <Text>
            {t('account.transfer.summary', {
              tenant: offer.tenant.name,
              slug: offer.tenant.slug,
              email: offer.email,
              expiresAt: date.format(new Date(offer.expiresAt)),
            })}
          </Text>
          {error && (
            <Alert color="red" role="alert" title={t('account.failed')}>
              {error}
            </Alert>
          )}
          {account.isPending ? (
            <Loader size="sm" aria-label={t('app.loading')} />
          ) : signedInAs === undefined ? (
            <ButtonLink to="/login" search={{ redirect: here }} w="fit-content">
              {t('account.transfer.signIn', { email: offer.email })}
            </ButtonLink>
          ) : signedInAs.toLowerCase() !== offer.email.toLowerCase() ? (
            <>
              <Alert color="yellow" role="alert">
                {t('account.transfer.otherAccount', { current: signedInAs, email: offer.email })}
              </Alert>
              <Button variant="default" w="fit-content" onClick={switchAccount}>
                {t('account.transfer.switch', { email: offer.email })}
              </Button>
            </>
          ) : (
            <Button w="fit-content" loading={mutation.isPending} onClick={() => mutation.mutate()}>
              {t('account.transfer.submit')}
            </Button>
          )}
        </Stack>
      )}
    </AuthFrame>
  )
}
