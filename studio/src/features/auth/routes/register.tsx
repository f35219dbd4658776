import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PasswordField } from '../../../app/password-field'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { AnchorLink } from '../../../lib/links'
import { register } from '../api/session'
import { AuthFrame } from '../components/auth-frame'

/** Registration; on success, the notice that a verification link was mailed. */
export function RegisterPage() {
  const { t } = useTranslation()
  const [errors, setErrors] = useState<FieldErrors>({})
  const mutation = useMutation({
    mutationFn: register,
    onError: (error) => setErrors(fieldErrors(error)),
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setErrors({})
    mutation.mutate({
      firstName: String(form.get('firstName')),
      lastName: String(form.get('lastName')),
      email: String(form.get('email')),
      password: String(form.get('password')),
    })
  }

  if (mutation.isSuccess) {
    return (
      <AuthFrame>
        <Title order={1} size="h2">
          {t('auth.verify.title')}
        </Title>
        <Text role="status">{t('auth.verify.notice', { email: mutation.data.user.email })}</Text>
        <AnchorLink to="/login">{t('auth.verify.toSignIn')}</AnchorLink>
      </AuthFrame>
    )
  }

  return (
    <AuthFrame>
      <Title order={1} size="h2">
        {t('auth.register.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form && (
            <Alert color="red" role="alert" title={t('auth.register.failed')}>
              {errors.form}
            </Alert>
          )}
          <Group grow align="flex-start">
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
          </Group>
          <TextInput
            name="email"
            type="email"
            label={t('auth.email')}
            autoComplete="email"
            required
            error={errors.email}
          />
          <PasswordField
            name="password"
            label={t('auth.password')}
            description={t('auth.register.passwordHint')}
            autoComplete="new-password"
            required
            error={errors.password}
          />
          <Button type="submit" loading={mutation.isPending}>
            {t('auth.register.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm">
        {t('auth.register.haveAccount')} <AnchorLink to="/login">{t('auth.signIn.link')}</AnchorLink>
      </Text>
    </AuthFrame>
  )
}
