import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Progress,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { ButtonLink } from '../../../lib/links'
import {
  isFinished,
  percentOf,
  startTenantImport,
  type TenantImport,
  tenantImportQuery,
} from '../api/portability'

/** Filled badges in shades dark enough for white text (WCAG AA). */
const STATUS_COLORS: Record<TenantImport['status'], string> = {
  queued: 'gray.7',
  running: 'blue.8',
  succeeded: 'teal.9',
  failed: 'red.8',
}

/** What the browser's file picker offers: export archives (`.tar.gz`). */
const ACCEPT = '.tar.gz,.tgz,application/gzip,application/x-gzip'

/**
 * A new tenant from an export archive: an optional name and slug (else the archive's), the file,
 * then the import followed (`importId`, kept in the address) until it ends; on success, what is
 * left to do and a link to the new tenant. The API's refusal of an archive (damaged, another
 * format version, over its limits) shows as it says it; a slug in use shows at the slug.
 */
export function ImportArchiveSection({ importId }: { importId: string | undefined }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const start = useMutation({
    mutationFn: ({ archive, name, slug }: { archive: File; name: string; slug: string }) =>
      startTenantImport(archive, { ...(name === '' ? {} : { name }), ...(slug === '' ? {} : { slug }) }),
    onSuccess: async (started) => {
      queryClient.setQueryData(tenantImportQuery(started.id).queryKey, started)
      await navigate({ to: '/tenants/new', search: { from: 'archive', import: started.id } })
    },
    onError: (error) => setErrors(fieldErrors(error, { SlugConflict: 'slug' })),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setErrors({})
    if (file === null) {
      setErrors({ file: t('validation.required') })
      return
    }
    start.mutate({
      archive: file,
      name: String(form.get('name') ?? '').trim(),
      slug: String(form.get('slug') ?? '').trim(),
    })
  }
  return (
    <Stack>
      <form onSubmit={submit} noValidate aria-labelledby="archive-form-title">
        <Stack maw={520}>
          <Title order={2} size="h3" id="archive-form-title">
            {t('tenantImport.title')}
          </Title>
          <Text>{t('tenantImport.intro')}</Text>
          {errors.form && (
            <Alert color="red" role="alert" title={t('tenantImport.refused')}>
              {errors.form}
            </Alert>
          )}
          <FileInput
            label={t('tenantImport.file')}
            description={t('tenantImport.fileHint')}
            accept={ACCEPT}
            required
            clearable
            clearButtonProps={{ 'aria-label': t('tenantImport.clear') }}
            value={file}
            onChange={(chosen) => {
              setFile(chosen)
              start.reset()
            }}
            error={errors.file}
          />
          <TextInput
            name="name"
            label={t('tenants.name')}
            description={t('tenantImport.nameHint')}
            error={errors.name}
          />
          <TextInput
            name="slug"
            label={t('tenants.slug')}
            description={t('tenantImport.slugHint')}
            error={errors.slug}
          />
          <Button type="submit" loading={start.isPending} w="fit-content">
            {t('tenantImport.submit')}
          </Button>
        </Stack>
      </form>
      {importId !== undefined && <FollowedImport importId={importId} />}
    </Stack>
  )
}

/** An import as the server reports it, asked every second until it ends. */
function FollowedImport({ importId }: { importId: string }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const followed = useQuery(tenantImportQuery(importId))
  const state = followed.data
  const succeeded = state?.status === 'succeeded'
  // The new tenant is one of the account's memberships from now on: the switcher and the tenant's
  // route read them from the account.
  useEffect(() => {
    if (succeeded) void queryClient.invalidateQueries({ queryKey: ['account'], exact: true })
  }, [succeeded, queryClient])
  return (
    <section aria-labelledby="archive-progress-title">
      <Stack>
        <Group>
          <Title order={2} size="h3" id="archive-progress-title">
            {t('tenantImport.submit')}
          </Title>
          {state && (
            <Badge variant="filled" color={STATUS_COLORS[state.status]}>
              {t(`imports.statuses.${state.status}`)}
            </Badge>
          )}
        </Group>
        {followed.error ? (
          <Alert color="red" role="alert">
            {followed.error.message}
          </Alert>
        ) : state === undefined ? (
          <Skeleton h={80} />
        ) : (
          <ImportReport state={state} />
        )}
      </Stack>
    </section>
  )
}

/** The import's state, its error, and once it succeeded what is left to do and the way to the tenant. */
function ImportReport({ state }: { state: TenantImport }) {
  const { t } = useTranslation()
  const percent = percentOf(state.progress)
  return (
    <Stack>
      <Text role="status">{t(`imports.statusText.${state.status}`)}</Text>
      {!isFinished(state) && (
        <Progress value={percent} aria-label={t('exports.progress', { percent })} animated />
      )}
      {state.error && (
        <Alert color="red" role="alert" title={t('imports.failed')}>
          {state.error}
        </Alert>
      )}
      {state.status === 'succeeded' && state.tenantId !== null && (
        <>
          <Title order={3} size="h4">
            {t('tenantImport.next')}
          </Title>
          {state.setAgain.length > 0 && (
            <Stack gap={4}>
              <Text fw={500}>{t('tenantImport.setAgain')}</Text>
              <List>
                {state.setAgain.map((secret) => (
                  <List.Item key={secret}>{secret}</List.Item>
                ))}
              </List>
            </Stack>
          )}
          {state.tokensToRegenerate.length > 0 && (
            <Stack gap={4}>
              <Text fw={500}>{t('tenantImport.tokens')}</Text>
              <List>
                {state.tokensToRegenerate.map((token) => (
                  <List.Item key={token.id}>
                    {t('tenantImport.token', {
                      name: token.name,
                      role: token.role,
                      scopes: token.scopes.join(', ') || '—',
                    })}
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
          {state.invitations.length > 0 && (
            <Stack gap={4}>
              <Text fw={500}>{t('tenantImport.invitations')}</Text>
              <List>
                {state.invitations.map((invitation) => (
                  <List.Item key={invitation.email}>
                    {t('tenantImport.invitation', { email: invitation.email, role: invitation.role })}
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
          <ButtonLink to="/t/$tenantId" params={{ tenantId: state.tenantId }} w="fit-content">
            {t('tenantImport.open')}
          </ButtonLink>
        </>
      )}
    </Stack>
  )
}
