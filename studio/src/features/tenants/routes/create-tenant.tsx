import { Alert, Button, Stack, TextInput, Title } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { createTenant } from '../api/tenants'

/** Creates a tenant (name, optional slug) and opens its dashboard. */
export function CreateTenantPage() {
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
    <Stack maw={520}>
      <Title order={1} size="h2">
        {t('tenants.create.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack>
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
    </Stack>
  )
}
