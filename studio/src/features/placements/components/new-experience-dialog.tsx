import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { addExperience, CONTENT_TYPES, type Experience, type NewExperience } from '../api/placements'

/** Asks a new experience's name and content type, adds it (a draft) and hands it on to be edited. */
export function NewExperienceDialog({
  tenantId,
  placementId,
  opened,
  onClose,
  onCreated,
}: {
  tenantId: string
  placementId: string
  opened: boolean
  onClose: () => void
  onCreated: (experience: Experience) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const add = useMutation({
    mutationFn: (body: NewExperience) => addExperience(tenantId, placementId, body),
    onSuccess: async ({ experience }) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'placements'] })
      notifySuccess(t('placements.experience.added', { name: experience.name }))
      onCreated(experience)
    },
  })
  const errors = add.error ? fieldErrors(add.error) : {}
  const close = () => {
    add.reset()
    onClose()
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    add.mutate({
      name: String(data.get('name')).trim(),
      contentType: String(data.get('contentType')) as NewExperience['contentType'],
    })
  }
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('placements.experience.new')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form onSubmit={onSubmit}>
        <Stack>
          <TextInput
            name="name"
            label={t('placements.experience.name')}
            required
            data-autofocus
            error={errors.name}
          />
          <Select
            name="contentType"
            label={t('placements.experience.contentType')}
            defaultValue="text"
            allowDeselect={false}
            data={CONTENT_TYPES.map((type) => ({ value: type, label: t(`placements.contentType.${type}`) }))}
            error={errors.contentType ?? errors.form}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('placements.experience.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
