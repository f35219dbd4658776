import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { DataTable } from '../../../app/data-table'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { useCan } from '../../auth'
import {
  createDefinition,
  type DefinitionDraft,
  deleteDefinition,
  draftOf,
  EMPTY_DRAFT,
  type FieldDefinition,
  fieldDefinitionsQuery,
  updateDefinition,
} from '../api/custom-fields'
import { DefinitionForm } from '../components/definition-form'

const route = getRouteApi('/signed-in/t/$tenantId/custom-fields')

/** The custom fields contents carry: their definitions, created, edited and deleted. */
export function CustomFieldsPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const queryClient = useQueryClient()
  const { data, error } = useQuery(fieldDefinitionsQuery(tenantId))
  const [editing, setEditing] = useState<FieldDefinition | 'new' | null>(null)
  const [deleting, setDeleting] = useState<FieldDefinition | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})
  const can = useCan()
  // Definitions are read with contents and changed with the taxonomy's rights (the API's rule).
  const mayUpdate = can('categories:update')
  const mayDelete = can('categories:delete')

  const close = () => {
    setEditing(null)
    setDeleting(null)
    setErrors({})
  }
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'custom-field-definitions'] })
  const save = useMutation({
    mutationFn: (draft: DefinitionDraft) =>
      editing === null || editing === 'new'
        ? createDefinition(tenantId, draft)
        : updateDefinition(tenantId, editing.id, draft),
    onSuccess: async ({ definition }) => {
      await refresh()
      notifySuccess(t('taxonomy.fields.saved', { label: definition.label }))
      close()
    },
  })
  const remove = useMutation({
    mutationFn: (definition: FieldDefinition) => deleteDefinition(tenantId, definition.id),
    onSuccess: async (_, definition) => {
      await refresh()
      notifySuccess(t('taxonomy.fields.deleted', { label: definition.label }))
      close()
    },
    onError: (failure) => setErrors(fieldErrors(failure)),
  })
  const yes = (value: boolean) => (value ? t('taxonomy.yes') : t('taxonomy.no'))

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('taxonomy.fields.title')}
        </Title>
        {can('categories:create') && (
          <Button onClick={() => setEditing('new')}>{t('taxonomy.fields.new')}</Button>
        )}
      </Group>
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : data && data.length === 0 ? (
        <Text>{t('taxonomy.fields.empty')}</Text>
      ) : (
        <DataTable
          label={t('taxonomy.fields.title')}
          minWidth={720}
          busy={data === undefined}
          head={
            <>
              <Table.Th>{t('taxonomy.fields.label')}</Table.Th>
              <Table.Th>{t('taxonomy.fields.key')}</Table.Th>
              <Table.Th>{t('taxonomy.fields.type')}</Table.Th>
              <Table.Th>{t('taxonomy.fields.required')}</Table.Th>
              <Table.Th>{t('taxonomy.fields.public')}</Table.Th>
              <Table.Th>{t('taxonomy.fields.searchable')}</Table.Th>
              {(mayUpdate || mayDelete) && <Table.Th>{t('taxonomy.actions')}</Table.Th>}
            </>
          }
        >
          {data?.map((definition) => (
            <Table.Tr key={definition.id}>
              <Table.Td>{definition.label}</Table.Td>
              <Table.Td>
                <code>{definition.key}</code>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color="gray.9">
                  {t(`taxonomy.fields.types.${definition.type}`, { defaultValue: definition.type })}
                </Badge>
              </Table.Td>
              <Table.Td>{yes(definition.required)}</Table.Td>
              <Table.Td>{yes(definition.public)}</Table.Td>
              <Table.Td>{yes(definition.searchable)}</Table.Td>
              {(mayUpdate || mayDelete) && (
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {mayUpdate && (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t('taxonomy.editOf', { name: definition.label })}
                        onClick={() => setEditing(definition)}
                      >
                        {t('taxonomy.edit')}
                      </Button>
                    )}
                    {mayDelete && (
                      <Button
                        size="xs"
                        variant="default"
                        c="red.8"
                        aria-label={t('taxonomy.deleteOf', { name: definition.label })}
                        onClick={() => setDeleting(definition)}
                      >
                        {t('taxonomy.delete')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {editing !== null && (
        <Modal
          opened
          onClose={close}
          size="lg"
          title={
            editing === 'new'
              ? t('taxonomy.fields.new')
              : t('taxonomy.fields.editTitle', { label: editing.label })
          }
          closeButtonProps={{ 'aria-label': t('app.close') }}
        >
          <DefinitionForm
            key={editing === 'new' ? 'new' : editing.id}
            initial={editing === 'new' ? EMPTY_DRAFT : draftOf(editing)}
            creating={editing === 'new'}
            pending={save.isPending}
            onSubmit={(draft) => save.mutateAsync(draft)}
            onCancel={close}
          />
        </Modal>
      )}
      {deleting && (
        <ConfirmDialog
          opened
          title={t('taxonomy.fields.deleteTitle', { label: deleting.label })}
          confirmLabel={t('taxonomy.delete')}
          pending={remove.isPending}
          error={errors.form}
          onConfirm={() => remove.mutate(deleting)}
          onClose={close}
        >
          {t('taxonomy.fields.deleteText', { key: deleting.key })}
        </ConfirmDialog>
      )}
    </Stack>
  )
}
