import { FolioError } from '@folio/client'
import { Alert, Button, Stack, Text, Title } from '@mantine/core'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { isUnauthorized } from '../lib/errors'
import { ButtonLink } from '../lib/links'

/**
 * Every route's error boundary: the error where the screen would be, with a retry, never a blank
 * page. A lost session goes back to sign-in, then returns here.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation()
  const router = useRouter()
  const lost = isUnauthorized(error)
  useEffect(() => {
    if (lost) {
      void router.navigate({ to: '/login', search: { redirect: router.state.location.href } })
    }
  }, [lost, router])
  if (lost) return null
  // The role changed since the session was read: the API's refusal is the no-access screen too.
  if (error instanceof FolioError && error.status === 403) return <NoAccess />
  return (
    <Stack maw={640} p="md">
      <Alert color="red" role="alert" title={t('errors.title')}>
        {error instanceof Error ? error.message : String(error)}
      </Alert>
      <Button
        variant="default"
        w="fit-content"
        onClick={() => {
          reset()
          void router.invalidate()
        }}
      >
        {t('errors.retry')}
      </Button>
    </Stack>
  )
}

/** An unknown path inside the app: its heading, what happened, and the way back to the start. */
export function NotFound() {
  const { t } = useTranslation()
  return (
    <Stack maw={640} p="md">
      <Title order={1} size="h2">
        {t('errors.notFoundTitle')}
      </Title>
      <Text>{t('errors.notFound')}</Text>
      <ButtonLink to="/" variant="default" w="fit-content">
        {t('access.home')}
      </ButtonLink>
    </Stack>
  )
}

/** A screen the member's role in this tenant does not allow (a typed address, an old bookmark). */
export function NoAccess() {
  const { t } = useTranslation()
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {t('access.title')}
      </Title>
      <Text>{t('access.text')}</Text>
      <ButtonLink to="/" variant="default" w="fit-content">
        {t('access.home')}
      </ButtonLink>
    </Stack>
  )
}
