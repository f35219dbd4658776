import { Alert, Button, Stack, Tabs, TextInput, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { createTenant } from '../api/tenants'
import { ImportArchiveSection } from '../components/import-archive-section'

const route = getRouteApi('/signed-in/tenants/new')

/**
 * Creates a tenant: empty (name, optional slug), then its dashboard opens; or from an export
 * archive (the "From an archive" tab, `?from=archive`), followed until the import ends.
 */
export function CreateTenantPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const search = route.useSearch()
  const tab = search.from ?? 'empty'
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {t('tenants.create.title')}
      </Title>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) =>
          void navigate({
            to: '/tenants/new',
            search: value === 'archive' ? { from: 'archive' } : {},
            replace: true,
          })
        }
      >
        <Tabs.List>
          <Tabs.Tab value="empty">{t('tenants.create.emptyTab')}</Tabs.Tab>
          <Tabs.Tab value="archive">{t('tenants.create.archiveTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="empty" pt="md">
          <EmptyTenantForm />
        </Tabs.Panel>
        <Tabs.Panel value="archive" pt="md">
          <ImportArchiveSection importId={search.import} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  )
}

/** A new empty tenant owned by the signed-in user; its dashboard opens. */
function EmptyTenantForm() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState<FieldErrors>({})
  const mutation = useMutation({
    mutationFn: createTenant,
    onSuccess: async ({ tenant }) => {
      await queryClient.invalidateQueries({ queryKey: ['account'] })
      await navigate({ to: '/t/$tenantId', params: { tenantId: tenant.id } })
    },
    onError: (error) => setErrors(fieldErrors(error, { SlugConflict: 'slug' })),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const slug = String(form.get('slug')).trim()
    setErrors({})
    mutation.mutate({ name: String(form.get('name')), ...(slug === '' ? {} : { slug }) })
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={520}>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <TextInput name="name" label={t('tenants.name')} required error={errors.name} />
        <TextInput
          name="slug"
          label={t('tenants.slug')}
          description={t('tenants.slugHint')}
          error={errors.slug}
        />
        <Button type="submit" loading={mutation.isPending} w="fit-content">
          {t('tenants.create.submit')}
        </Button>
      </Stack>
    </form>
  )
}
