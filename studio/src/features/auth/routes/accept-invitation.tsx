import { Alert, Button, Loader, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PasswordField } from '../../../app/password-field'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { AnchorLink } from '../../../lib/links'
import { acceptInvitation, invitationQuery } from '../api/recovery'
import { accountQuery } from '../api/session'
import { AuthFrame } from '../components/auth-frame'
import { CodeEntry } from '../components/code-entry'

const route = getRouteApi('/account/accept-invitation')

/**
 * Accepts a mailed invitation (`?token=`): says which tenant and role it offers, then asks a new
 * person for names and a password, or an existing account to sign in first (and come back here).
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation()
  const { token } = route.useSearch()
  const navigate = route.useNavigate()
  const queryClient = useQueryClient()
  const preview = useQuery({ ...invitationQuery(token), enabled: token !== '' })
  const account = useQuery(accountQuery)
  const [errors, setErrors] = useState<FieldErrors>({})
  const mutation = useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQuery.queryKey }),
    onError: (error) => setErrors(fieldErrors(error, { InvalidToken: 'form' })),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setErrors({})
    const form = new FormData(event.currentTarget)
    mutation.mutate(
      preview.data?.requiresPasswordSetup
        ? {
            token,
            firstName: String(form.get('firstName')),
            lastName: String(form.get('lastName')),
            password: String(form.get('password')),
          }
        : { token },
    )
  }
  const invitation = preview.data
  const here = `/account/accept-invitation?token=${encodeURIComponent(token)}`
  return (
    <AuthFrame>
      <Title order={1} size="h2">
        {t('account.invitation.title')}
      </Title>
      {token === '' ? (
        <CodeEntry
          label={t('account.invitation.code')}
          onCode={(code) => navigate({ search: { token: code } })}
        />
      ) : preview.error ? (
        <Alert color="red" role="alert">
          {preview.error.message}
        </Alert>
      ) : !invitation ? (
        <Loader size="sm" aria-label={t('account.invitation.loading')} />
      ) : mutation.isSuccess ? (
        <Stack>
          <Alert color="teal" role="status">
            {t('account.invitation.done', { tenant: invitation.tenant?.name, role: invitation.role })}
          </Alert>
          <AnchorLink to="/">{t('account.invitation.open')}</AnchorLink>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text>
              {t('account.invitation.summary', {
                tenant: invitation.tenant?.name,
                role: invitation.role,
                email: invitation.email,
              })}
            </Text>
            {errors.form && (
              <Alert color="red" role="alert" title={t('account.failed')}>
                {errors.form}
              </Alert>
            )}
            {invitation.requiresPasswordSetup && (
              <>
                <TextInput
                  name="firstName"
                  label={t('auth.firstName')}
                  autoComplete="given-name"
                  required
                  error={errors.firstName}
                />
                <TextInput
                  name="lastName"
                  label={t('auth.lastName')}
                  autoComplete="family-name"
                  required
                  error={errors.lastName}
                />
                <PasswordField
                  name="password"
                  label={t('auth.password')}
                  description={t('auth.register.passwordHint')}
                  autoComplete="new-password"
                  required
                  error={errors.password}
                />
              </>
            )}
            {invitation.requiresAuthentication && !account.data ? (
              <AnchorLink to="/login" search={{ redirect: here }}>
                {t('account.invitation.signIn')}
              </AnchorLink>
            ) : (
              <Button type="submit" loading={mutation.isPending}>
                {t('account.invitation.submit')}
              </Button>
            )}
          </Stack>
        </form>
      )}
    </AuthFrame>
  )
}
