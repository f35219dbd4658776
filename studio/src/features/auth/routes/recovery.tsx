import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PasswordField } from '../../../app/password-field'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { AnchorLink } from '../../../lib/links'
import { forgotPassword, resetPassword, verifyEmail } from '../api/recovery'
import { AuthFrame } from '../components/auth-frame'
import { CodeEntry } from '../components/code-entry'

const resetRoute = getRouteApi('/account/reset-password')
const verifyRoute = getRouteApi('/account/verify-email')

function FormAlert({ errors, title }: { errors: FieldErrors; title: string }) {
  return errors.form ? (
    <Alert color="red" role="alert" title={title}>
      {errors.form}
    </Alert>
  ) : null
}

function BackToSignIn() {
  const { t } = useTranslation()
  return (
    <Text size="sm">
      <AnchorLink to="/login">{t('account.backToSignIn')}</AnchorLink>
    </Text>
  )
}

/** Asks for a reset link by e-mail; the answer is the same whether or not the account exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation()
  const [errors, setErrors] = useState<FieldErrors>({})
  const mutation = useMutation({
    mutationFn: forgotPassword,
    onError: (error) => setErrors(fieldErrors(error)),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setErrors({})
    mutation.mutate(String(new FormData(event.currentTarget).get('email')))
  }
  return (
    <AuthFrame>
      <Title order={1} size="h2">
        {t('account.forgot.title')}
      </Title>
      {mutation.isSuccess ? (
        <Alert color="teal" role="status">
          {t('account.forgot.sent')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">{t('account.forgot.intro')}</Text>
            <FormAlert errors={errors} title={t('account.failed')} />
            <TextInput
              name="email"
              type="email"
              label={t('auth.email')}
              autoComplete="email"
              required
              error={errors.email}
            />
            <Button type="submit" loading={mutation.isPending}>
              {t('account.forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <BackToSignIn />
    </AuthFrame>
  )
}

/** Sets a new password with the mailed link's token (`?token=`); every session then ends. */
export function ResetPasswordPage() {
  const { t } = useTranslation()
  const { token } = resetRoute.useSearch()
  const navigate = resetRoute.useNavigate()
  const [errors, setErrors] = useState<FieldErrors>({})
  const mutation = useMutation({
    mutationFn: (password: string) => resetPassword(token, password),
    onError: (error) => setErrors(fieldErrors(error, { InvalidToken: 'form' })),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setErrors({})
    mutation.mutate(String(new FormData(event.currentTarget).get('password')))
  }
  return (
    <AuthFrame>
      <Title order={1} size="h2">
        {t('account.reset.title')}
      </Title>
      {mutation.isSuccess ? (
        <Alert color="teal" role="status">
          {t('account.reset.done')}
        </Alert>
      ) : token === '' ? (
        <CodeEntry label={t('account.reset.code')} onCode={(code) => navigate({ search: { token: code } })} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <FormAlert errors={errors} title={t('account.failed')} />
            <PasswordField
              name="password"
              label={t('account.reset.password')}
              description={t('auth.register.passwordHint')}
              autoComplete="new-password"
              required
              error={errors.password}
            />
            <Button type="submit" loading={mutation.isPending}>
              {t('account.reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <BackToSignIn />
    </AuthFrame>
  )
}

/** Confirms the account's e-mail address with the mailed link's token (`?token=`), in one click. */
export function VerifyEmailPage() {
  const { t } = useTranslation()
  const { token } = verifyRoute.useSearch()
  const navigate = verifyRoute.useNavigate()
  const [errors, setErrors] = useState<FieldErrors>({})
  const mutation = useMutation({
    mutationFn: () => verifyEmail(token),
    onError: (error) => setErrors(fieldErrors(error, { InvalidToken: 'form' })),
  })
  return (
    <AuthFrame>
      <Title order={1} size="h2">
        {t('account.verify.title')}
      </Title>
      {mutation.isSuccess ? (
        <Alert color="teal" role="status">
          {t(mutation.data.alreadyVerified ? 'account.verify.already' : 'account.verify.done')}
        </Alert>
      ) : token === '' ? (
        <CodeEntry
          label={t('account.verify.code')}
          onCode={(code) => navigate({ search: { token: code } })}
        />
      ) : (
        <Stack>
          <Text size="sm">{t('account.verify.intro')}</Text>
          <FormAlert errors={errors} title={t('account.failed')} />
          <Button loading={mutation.isPending} onClick={() => mutation.mutate()}>
            {t('account.verify.submit')}
          </Button>
        </Stack>
      )}
      <BackToSignIn />
    </AuthFrame>
  )
}
