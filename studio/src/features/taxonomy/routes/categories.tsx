import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { type Category, categoriesQuery, createCategory, deleteCategory } from '../api/taxonomy'
import { inTreeOrder } from '../api/tree'

const route = getRouteApi('/signed-in/t/$tenantId/categories')

/** The tenant's categories as a tree: add one (under a parent or at the root), delete one. */
export function CategoriesPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const queryClient = useQueryClient()
  const { data, error } = useQuery(categoriesQuery(tenantId))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [parentId, setParentId] = useState<string | null>(null)
  const [doomed, setDoomed] = useState<Category | undefined>()
  const rows = inTreeOrder(data?.categories ?? [])
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'categories'] })

  const create = useMutation({
    mutationFn: createCategory,
    onSuccess: async ({ category }) => {
      await refresh()
      notifySuccess(t('categories.created', { name: category.name }))
    },
    onError: (failure) => setErrors(fieldErrors(failure, { SlugConflict: 'name' })),
  })
  const remove = useMutation({
    mutationFn: deleteCategory,
    onSuccess: async () => {
      setDoomed(undefined)
      await refresh()
    },
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    setErrors({})
    create.mutate(
      { name: String(new FormData(form).get('name')), parentId },
      { onSuccess: () => form.reset() },
    )
  }

  return (
    <Stack maw={800}>
      <Title order={1} size="h2">
        {t('categories.title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" wrap="wrap">
          <TextInput name="name" label={t('categories.name')} required error={errors.name} />
          <Select
            label={t('categories.parent')}
            placeholder={t('categories.root')}
            clearable
            value={parentId}
            onChange={setParentId}
            data={rows.map(({ item, depth }) => ({
              value: item.id,
              label: `${'— '.repeat(depth)}${item.name}`,
            }))}
            error={errors.parentId}
          />
          <Button type="submit" mt={25} loading={create.isPending}>
            {t('categories.add')}
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
      ) : rows.length === 0 ? (
        <Text>{t('categories.empty')}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('categories.name')}</Table.Th>
              <Table.Th>{t('categories.slug')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('categories.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ item, depth }) => (
              <Table.Tr key={item.id}>
                <Table.Td pl={`calc(var(--mantine-spacing-sm) + ${depth * 1.25}rem)`}>{item.name}</Table.Td>
                <Table.Td>{item.slug}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={t('categories.deleteOf', { name: item.name })}
                    onClick={() => setDoomed(item)}
                  >
                    {t('categories.delete')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        opened={doomed !== undefined}
        onClose={() => setDoomed(undefined)}
        title={t('categories.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        <Stack>
          <Text>{t('categories.confirm', { name: doomed?.name })}</Text>
          {remove.error && (
            <Alert color="red" role="alert">
              {remove.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDoomed(undefined)}>
              {t('app.cancel')}
            </Button>
            <Button
              color="red.8"
              loading={remove.isPending}
              onClick={() => doomed && remove.mutate(doomed.id)}
            >
              {t('categories.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}
