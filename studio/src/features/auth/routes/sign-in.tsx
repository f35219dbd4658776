import { Alert, Button, Divider, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconBrandGoogle } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useRouter } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PasswordField } from '../../../app/password-field'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { AnchorLink } from '../../../lib/links'
import { safeRedirect } from '../../../lib/redirect'
import { GOOGLE_START, googleConfigQuery, rememberReturn } from '../api/google'
import { accountQuery, signIn } from '../api/session'
import { AuthFrame } from '../components/auth-frame'

const route = getRouteApi('/login')

/**
 * Sign-in with e-mail and password, or with Google when this Folio offers it; returns to the page
 * that asked for it (`?redirect=`). A failed Google sign-in comes back here with `?googleError=`.
 */
export function SignInPage() {
  const { t } = useTranslation()
  const { redirect, googleError } = route.useSearch()
  const google = useQuery(googleConfigQuery)
  const router = useRouter()
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState<FieldErrors>({})
  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: async () => {
      queryClient.removeQueries()
      await queryClient.fetchQuery(accountQuery)
      await router.navigate({ href: safeRedirect(redirect) })
    },
    onError: (error) => setErrors(fieldErrors(error)),
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setErrors({})
    mutation.mutate({ email: String(form.get('email')), password: String(form.get('password')) })
  }

  return (
    <AuthFrame>
      <Title order={1} size="h2">
        {t('auth.signIn.title')}
      </Title>
      {googleError && (
        <Alert color="red" role="alert" title={t('auth.google.failed')}>
          {t(`auth.google.errors.${googleError}`, { defaultValue: t('auth.google.errors.other') })}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form && (
            <Alert color="red" role="alert" title={t('auth.signIn.failed')}>
              {errors.form}
            </Alert>
          )}
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
            autoComplete="current-password"
            required
            error={errors.password}
          />
          <Button type="submit" loading={mutation.isPending}>
            {t('auth.signIn.submit')}
          </Button>
        </Stack>
      </form>
      {google.data?.enabled && (
        <>
          <Divider label={t('auth.google.or')} labelPosition="center" />
          <Button
            component="a"
            href={GOOGLE_START}
            variant="default"
            leftSection={<IconBrandGoogle size={18} stroke={1.6} aria-hidden />}
            onClick={() => rememberReturn(redirect)}
          >
            {t('auth.google.signIn')}
          </Button>
        </>
      )}
      <Text size="sm">
        <AnchorLink to="/account/forgot-password">{t('account.forgot.link')}</AnchorLink>
      </Text>
      <Text size="sm">
        {t('auth.signIn.noAccount')} <AnchorLink to="/register">{t('auth.register.link')}</AnchorLink>
      </Text>
    </AuthFrame>
  )
}
