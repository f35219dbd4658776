import { Textarea, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TenantSettings } from '../api/settings'
import { GroupForm, useSaveGroup } from './group-form'

type Branding = TenantSettings['branding']

/** The site's name, logo, colors and description, as the public tenant info gives them to websites. */
export function BrandingGroup({
  tenantId,
  settings,
  canEdit,
}: {
  tenantId: string
  settings: Branding
  canEdit: boolean
}) {
  const { t } = useTranslation()
  const [branding, setBranding] = useState(settings)
  const { errors, save, saving } = useSaveGroup(tenantId, 'branding')
  const field = (member: keyof Branding) => ({
    label: t(`settings.branding.${member}`),
    value: branding[member],
    onChange: (event: { currentTarget: { value: string } }) =>
      setBranding({ ...branding, [member]: event.currentTarget.value }),
    error: errors[member],
  })
  return (
    <GroupForm
      group="branding"
      canEdit={canEdit}
      errors={errors}
      saving={saving}
      onSubmit={() => save({ branding })}
    >
      <TextInput {...field('siteName')} />
      <TextInput {...field('logoUrl')} type="url" description={t('settings.branding.logoUrlHelp')} />
      <TextInput {...field('primaryColor')} description={t('settings.branding.colorHelp')} />
      <TextInput {...field('secondaryColor')} description={t('settings.branding.colorHelp')} />
      <Textarea {...field('description')} autosize minRows={2} />
    </GroupForm>
  )
}
