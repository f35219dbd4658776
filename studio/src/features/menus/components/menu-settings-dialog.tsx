import { requestBodies } from '@folio/client'
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { bodyValidator, memberOf } from '../../../lib/validation'
import {
  createMenu,
  MENU_LOCATIONS,
  MENU_STATUSES,
  type MenuSettings,
  type MenuSummary,
  updateMenu,
} from '../api/menus'

/** What the settings dialog edits. */
interface MenuValues {
  name: string
  slug: string
  description: string
  location: string
  status: string
}

/** What a save sends: the name trimmed, an empty slug left out (the API makes one from the name). */
function settingsOf(values: MenuValues): MenuSettings {
  const slug = values.slug.trim()
  return {
    name: values.name.trim(),
    ...(slug === '' ? {} : { slug }),
    description: values.description,
    location: values.location as MenuSettings['location'] & string,
    status: values.status as MenuSettings['status'] & string,
  }
}

/**
 * A menu's name, slug, location, status and description: a new menu when `menu` is undefined
 * (then `onSaved` gets its id), else the given one's. The API's refusals show at their field
 * (a taken slug at the slug, a location held by another active menu at the location), after the
 * API's schema of the body was checked here.
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
  const form = useForm<MenuValues>({
    initialValues: {
      name: menu?.name ?? '',
      slug: menu?.slug ?? '',
      description: menu?.description ?? '',
      location: menu?.location ?? 'header',
      status: menu?.status ?? 'draft',
    },
    clearInputErrorOnChange: false,
    validate: bodyValidator(menu ? requestBodies.updateMenu : requestBodies.createMenu, settingsOf, memberOf),
  })
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
  const errors = form.errors as FieldErrors
  const onSubmit = form.onSubmit((values) =>
    save
      .mutateAsync(settingsOf(values))
      .catch((failure: unknown) =>
        form.setErrors(fieldErrors(failure, { SlugConflict: 'slug', Conflict: 'location' })),
      ),
  )
  const close = () => {
    save.reset()
    form.reset()
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
          <TextInput {...form.getInputProps('name')} label={t('menus.fields.name')} required data-autofocus />
          <TextInput
            {...form.getInputProps('slug')}
            label={t('menus.fields.slug')}
            description={t('menus.fields.slugHelp')}
          />
          <Select
            label={t('menus.fields.location')}
            description={t('menus.fields.locationHelp')}
            data={MENU_LOCATIONS.map((value) => ({ value, label: t(`menus.locations.${value}`) }))}
            {...form.getInputProps('location')}
            allowDeselect={false}
          />
          <Select
            label={t('menus.fields.status')}
            description={t('menus.fields.statusHelp')}
            data={MENU_STATUSES.map((value) => ({ value, label: t(`menus.statuses.${value}`) }))}
            {...form.getInputProps('status')}
            allowDeselect={false}
          />
          <Textarea
            {...form.getInputProps('description')}
            label={t('menus.fields.description')}
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
