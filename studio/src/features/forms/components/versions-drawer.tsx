import { Alert, Button, Drawer, Loader, Table, Text } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { fieldErrors } from '../../../lib/errors'
import { type Form, type FormVersion, formVersionsQuery, restoreFormVersion } from '../api/forms'

/**
 * The form's published versions in a drawer (newest first, with their fields), each restorable
 * into the draft after a confirmation; `onRestored` gets the form the restore saved.
 */
export function VersionsDrawer({
  tenantId,
  form,
  opened,
  canRestore,
  onClose,
  onRestored,
}: {
  tenantId: string
  form: Form
  opened: boolean
  canRestore: boolean
  onClose: () => void
  onRestored: (form: Form) => void
}) {
  const { t, i18n } = useTranslation()
  const versions = useQuery({ ...formVersionsQuery(tenantId, form.id), enabled: opened })
  const [chosen, setChosen] = useState<FormVersion>()
  const restore = useMutation({
    mutationFn: (version: number) => restoreFormVersion(tenantId, form.id, version),
    onSuccess: (answer) => {
      setChosen(undefined)
      onRestored(answer.form)
    },
  })
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const labelsOf = (version: FormVersion) => version.fields.map((field) => String(field.id)).join(', ')

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('forms.versions.title')}
      position="right"
      size="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {versions.error ? (
        <Alert color="red" role="alert">
          {versions.error.message}
        </Alert>
      ) : !versions.data ? (
        <Loader aria-label={t('app.loading')} />
      ) : versions.data.versions.length === 0 ? (
        <Text>{t('forms.versions.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={380}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('forms.versions.version')}</Table.Th>
                <Table.Th>{t('forms.versions.publishedAt')}</Table.Th>
                <Table.Th>{t('forms.versions.fields')}</Table.Th>
                <Table.Th>{t('forms.versions.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.data.versions.map((version) => (
                <Table.Tr key={version.version}>
                  <Table.Td>{version.version}</Table.Td>
                  <Table.Td>{when(version.createdAt)}</Table.Td>
                  <Table.Td>{labelsOf(version)}</Table.Td>
                  <Table.Td>
                    {canRestore && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={t('forms.versions.restoreVersion', { version: version.version })}
                        onClick={() => {
                          restore.reset()
                          setChosen(version)
                        }}
                      >
                        {t('forms.versions.restore')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={chosen !== undefined}
        title={t('forms.versions.confirmTitle', { version: chosen?.version })}
        confirmLabel={t('forms.versions.restore')}
        danger={false}
        pending={restore.isPending}
        error={restore.error ? fieldErrors(restore.error).form : undefined}
        onConfirm={() => chosen && restore.mutate(chosen.version)}
        onClose={() => setChosen(undefined)}
      >
        {t('forms.versions.confirmText')}
      </ConfirmDialog>
    </Drawer>
  )
}
