import { Alert, Button, Group, Pagination, Pill, Stack, Text, TextInput, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { createTag, tagsQuery } from '../api/taxonomy'

const route = getRouteApi('/signed-in/t/$tenantId/tags')

/** The tenant's tags, in pages, and a form to add one. */
export function TagsPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const queryClient = useQueryClient()
  const [page, setPage] = useState(1)
  const { data, error } = useQuery(tagsQuery(tenantId, page))
  const [errors, setErrors] = useState<FieldErrors>({})
  const create = useMutation({
    mutationFn: createTag,
    onSuccess: async ({ tag }) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'tags'] })
      notifySuccess(t('tags.created', { title: tag.title }))
    },
    onError: (failure) => setErrors(fieldErrors(failure, { SlugConflict: 'title' })),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    setErrors({})
    create.mutate({ title: String(new FormData(form).get('title')) }, { onSuccess: () => form.reset() })
  }
  return (
    <Stack maw={800}>
      <Title order={1} size="h2">
        {t('tags.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start">
          <TextInput name="title" label={t('tags.name')} required error={errors.title} />
          <Button type="submit" mt={25} loading={create.isPending}>
            {t('tags.add')}
          </Button>
        </Group>
        {errors.form && (
          <Alert color="red" role="alert" mt="sm">
            {errors.form}
          </Alert>
        )}
      </form>
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : data?.tags.length === 0 ? (
        <Text>{t('tags.empty')}</Text>
      ) : (
        <Group gap="xs" component="ul" p={0} style={{ listStyle: 'none' }} aria-label={t('tags.title')}>
          {data?.tags.map((tag) => (
            <Pill key={tag.id} component="li" size="md">
              {tag.title}
            </Pill>
          ))}
        </Group>
      )}
      {data && data.pagination.pages > 1 && (
        <Pagination
          total={data.pagination.pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`contents.paging.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('contents.paging.page', { page: item }) })}
        />
      )}
    </Stack>
  )
}
