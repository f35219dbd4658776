import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import {
  createMenu,
  MENU_LOCATIONS,
  MENU_STATUSES,
  type MenuSettings,
  type MenuSummary,
  updateMenu,
} from '../api/menus'

/**
 * A menu's name, slug, location, status and description: a new menu when `menu` is undefined
 * (then `onSaved` gets its id), else the given one's. The API's refusals show at their field
 * (a taken slug at the slug, a location held by another active menu at the location).
 */
export function MenuSettingsDialog({
  tenantId,
  menu,
  opened,
  onClose,
  onSaved,
}: {
  tenantId: string
  menu?: MenuSummary | undefined
  opened: boolean
  onClose: () => void
  onSaved?: (id: string) => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [location, setLocation] = useState<string>(menu?.location ?? 'header')
  const [status, setStatus] = useState<string>(menu?.status ?? 'draft')
  const save = useMutation({
    mutationFn: (body: MenuSettings) =>
      menu ? updateMenu(tenantId, menu.id, body) : createMenu(tenantId, body),
    onSuccess: async ({ menu: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'menus'] })
      notifySuccess(t(menu ? 'menus.saved' : 'menus.created', { name: saved.name }))
      onClose()
      onSaved?.(saved.id)
    },
  })
  const errors = save.error ? fieldErrors(save.error, { SlugConflict: 'slug', Conflict: 'location' }) : {}
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const slug = String(form.get('slug')).trim()
    save.mutate({
      name: String(form.get('name')).trim(),
      ...(slug === '' ? {} : { slug }),
      description: String(form.get('description')),
      location: location as MenuSettings['location'] & string,
      status: status as MenuSettings['status'] & string,
    })
  }
  const close = () => {
    save.reset()
    onClose()
  }
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={menu ? t('menus.settingsOf', { name: menu.name }) : t('menus.new')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form onSubmit={onSubmit}>
        <Stack>
          <TextInput
            name="name"
            label={t('menus.fields.name')}
            required
            data-autofocus
            defaultValue={menu?.name ?? ''}
            error={errors.name}
          />
          <TextInput
            name="slug"
            label={t('menus.fields.slug')}
            description={t('menus.fields.slugHelp')}
            defaultValue={menu?.slug ?? ''}
            error={errors.slug}
          />
          <Select
            label={t('menus.fields.location')}
            description={t('menus.fields.locationHelp')}
            data={MENU_LOCATIONS.map((value) => ({ value, label: t(`menus.locations.${value}`) }))}
            value={location}
            onChange={(value) => setLocation(value ?? 'header')}
            allowDeselect={false}
            error={errors.location}
          />
          <Select
            label={t('menus.fields.status')}
            description={t('menus.fields.statusHelp')}
            data={MENU_STATUSES.map((value) => ({ value, label: t(`menus.statuses.${value}`) }))}
            value={status}
            onChange={(value) => setStatus(value ?? 'draft')}
            allowDeselect={false}
            error={errors.status}
          />
          <Textarea
            name="description"
            label={t('menus.fields.description')}
            defaultValue={menu?.description ?? ''}
            autosize
            minRows={2}
            error={errors.description ?? errors.form}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {menu ? t('menus.saveSettings') : t('menus.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
