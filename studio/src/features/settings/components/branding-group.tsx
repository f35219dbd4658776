import { Textarea, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { TenantSettings } from '../api/settings'
import { GroupForm, useGroupForm } from './group-form'

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
  const { form, errors, submit, saving } = useGroupForm(tenantId, 'branding', {
    initialValues: settings,
    bodyOf: (branding: Branding) => ({ branding }),
  })
  const field = (member: keyof Branding) => ({
    ...form.getInputProps(member),
    label: t(`settings.branding.${member}`),
  })
  return (
    <GroupForm group="branding" canEdit={canEdit} errors={errors} saving={saving} onSubmit={submit}>
      <TextInput {...field('siteName')} />
      <TextInput {...field('logoUrl')} type="url" description={t('settings.branding.logoUrlHelp')} />
      <TextInput {...field('primaryColor')} description={t('settings.branding.colorHelp')} />
      <TextInput {...field('secondaryColor')} description={t('settings.branding.colorHelp')} />
      <Textarea {...field('description')} autosize minRows={2} />
    </GroupForm>
  )
}
