import { Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { useTenantLocales } from '../../settings'
import { writingLanguage } from '../api/definition'
import { createForm } from '../api/forms'

/**
 * Asks a new form's title (in the app's language, or the tenant's default locale when the tenant's
 * locales leave it out), creates the draft and opens its builder.
 */
export function NewFormDialog({
  tenantId,
  opened,
  onClose,
}: {
  tenantId: string
  opened: boolean
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const locales = useTenantLocales(tenantId)
  const create = useMutation({
    mutationFn: (title: string) =>
      createForm(tenantId, { title: { [writingLanguage(locales, i18n.language)]: title } }),
    onSuccess: async ({ form }, title) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'forms', 'list'] })
      notifySuccess(t('forms.created', { title }))
      onClose()
      await navigate({ to: '/t/$tenantId/forms/$formId', params: { tenantId, formId: form.id } })
    },
  })
  const errors = create.error ? fieldErrors(create.error, { SlugConflict: 'title' }) : {}
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    create.mutate(String(new FormData(event.currentTarget).get('title')).trim())
  }
  return (
    <Modal
      opened={opened}
      onClose={() => {
        create.reset()
        onClose()
      }}
      title={t('forms.new')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form onSubmit={onSubmit}>
        <Stack>
          <TextInput
            name="title"
            label={t('forms.settings.title')}
            required
            data-autofocus
            error={errors.title ?? errors.form}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('forms.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
