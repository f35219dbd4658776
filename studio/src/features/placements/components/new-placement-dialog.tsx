import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { createPlacement, type NewPlacement, PLACEMENT_CATEGORIES } from '../api/placements'

/** Asks a new placement's name, slug and category, creates it and opens its editor. */
export function NewPlacementDialog({
  tenantId,
  opened,
  onClose,
}: {
  tenantId: string
  opened: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const create = useMutation({
    mutationFn: (body: NewPlacement) => createPlacement(tenantId, body),
    onSuccess: async ({ placement }) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'placements'] })
      notifySuccess(t('placements.created', { name: placement.name }))
      onClose()
      await navigate({
        to: '/t/$tenantId/placements/$placementId',
        params: { tenantId, placementId: placement.id },
      })
    },
  })
  const errors = create.error ? fieldErrors(create.error, { SlugConflict: 'slug' }) : {}
  const close = () => {
    create.reset()
    onClose()
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    create.mutate({
      name: String(data.get('name')).trim(),
      slug: String(data.get('slug')).trim(),
      category: String(data.get('category')) as NewPlacement['category'],
    })
  }
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('placements.new')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form onSubmit={onSubmit}>
        <Stack>
          <TextInput
            name="name"
            label={t('placements.fields.name')}
            required
            data-autofocus
            error={errors.name}
          />
          <TextInput
            name="slug"
            label={t('placements.fields.slug')}
            description={t('placements.fields.slugHint')}
            required
            error={errors.slug}
          />
          <Select
            name="category"
            label={t('placements.fields.category')}
            defaultValue="banner"
            allowDeselect={false}
            data={PLACEMENT_CATEGORIES.map((category) => ({
              value: category,
              label: t(`placements.category.${category}`),
            }))}
            error={errors.category ?? errors.form}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('placements.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
