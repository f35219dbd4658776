import { Button, Group, Menu, Modal, Stack, TextInput } from '@mantine/core'
import { IconChevronDown } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { fieldErrors } from '../../../lib/errors'
import { ButtonLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import { useCan } from '../../auth'
import { textIn, textsOf } from '../api/definition'
import { archiveForm, duplicateForm, type Form } from '../api/forms'

/**
 * The builder's actions: save and publish (the draft, through `onSave`), then in a menu archive,
 * duplicate (asking the copy's title) and versions; the responses as a link. Each shows only when
 * the member's role allows it.
 */
export function FormActions({
  tenantId,
  form,
  saving,
  onSave,
  onVersions,
  onChanged,
}: {
  tenantId: string
  form: Form
  saving: 'save' | 'publish' | undefined
  onSave: (publish: boolean) => void
  onVersions: () => void
  onChanged: (form: Form) => void
}) {
  const { t, i18n } = useTranslation()
  const can = useCan()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [dialog, setDialog] = useState<'archive' | 'duplicate'>()
  const title = textIn(textsOf(form.title), i18n.language)
  const refreshList = () => queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'forms', 'list'] })

  const archive = useMutation({
    mutationFn: () => archiveForm(tenantId, form.id),
    onSuccess: async (answer) => {
      setDialog(undefined)
      onChanged(answer.form)
      await refreshList()
      notifySuccess(t('forms.actions.archived', { title }))
    },
  })
  const duplicate = useMutation({
    mutationFn: (copyTitle: string) => duplicateForm(tenantId, form.id, copyTitle),
    onSuccess: async (answer) => {
      setDialog(undefined)
      await refreshList()
      notifySuccess(
        t('forms.actions.duplicated', { title: textIn(textsOf(answer.form.title), i18n.language) }),
      )
      await navigate({ to: '/t/$tenantId/forms/$formId', params: { tenantId, formId: answer.form.id } })
    },
  })
  const onDuplicate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    duplicate.mutate(String(new FormData(event.currentTarget).get('title')).trim())
  }
  const duplicateErrors = duplicate.error ? fieldErrors(duplicate.error) : {}

  return (
    <Group gap="xs">
      {can('forms:update') && (
        <>
          <Button
            variant="default"
            loading={saving === 'save'}
            disabled={saving !== undefined}
            onClick={() => onSave(false)}
          >
            {t('forms.actions.save')}
          </Button>
          <Button loading={saving === 'publish'} disabled={saving !== undefined} onClick={() => onSave(true)}>
            {t('forms.actions.publish')}
          </Button>
        </>
      )}
      {can('forms:view') && (
        <ButtonLink
          variant="default"
          to="/t/$tenantId/forms/$formId/responses"
          params={{ tenantId, formId: form.id }}
        >
          {t('forms.actions.responses')}
        </ButtonLink>
      )}
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />}>
            {t('forms.actions.more')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={onVersions}>{t('forms.actions.versions')}</Menu.Item>
          {can('forms:create') && (
            <Menu.Item
              onClick={() => {
                duplicate.reset()
                setDialog('duplicate')
              }}
            >
              {t('forms.actions.duplicate')}
            </Menu.Item>
          )}
          {can('forms:update') && form.status !== 'archived' && (
            <Menu.Item
              color="red.8"
              onClick={() => {
                archive.reset()
                setDialog('archive')
              }}
            >
              {t('forms.actions.archive')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={dialog === 'archive'}
        title={t('forms.actions.archiveTitle', { title })}
        confirmLabel={t('forms.actions.archive')}
        pending={archive.isPending}
        error={archive.error ? fieldErrors(archive.error).form : undefined}
        onConfirm={() => archive.mutate()}
        onClose={() => setDialog(undefined)}
      >
        {t('forms.actions.archiveText')}
      </ConfirmDialog>
      <Modal
        opened={dialog === 'duplicate'}
        onClose={() => setDialog(undefined)}
        title={t('forms.actions.duplicateTitle', { title })}
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        <form onSubmit={onDuplicate}>
          <Stack>
            <TextInput
              name="title"
              label={t('forms.actions.copyTitle')}
              required
              data-autofocus
              defaultValue={t('forms.actions.copyOf', { title })}
              error={duplicateErrors.title ?? duplicateErrors.form}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(undefined)}>
                {t('app.cancel')}
              </Button>
              <Button type="submit" loading={duplicate.isPending}>
                {t('forms.actions.duplicate')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Group>
  )
}
