import { JsonInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { TenantSettings } from '../api/settings'
import { GroupForm, useGroupForm } from './group-form'

/** The text as a JSON object, or undefined when it is none. */
function objectOf(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** Free key-value data about the tenant, edited as a JSON object (public through the tenant info). */
export function MetadataGroup({
  tenantId,
  settings,
  canEdit,
}: {
  tenantId: string
  settings: TenantSettings['metadata']
  canEdit: boolean
}) {
  const { t } = useTranslation()
  const { form, errors, submit, saving } = useGroupForm(tenantId, 'metadata', {
    initialValues: { text: JSON.stringify(settings, null, 2) },
    bodyOf: ({ text }: { text: string }) => ({ metadata: objectOf(text) ?? {} }),
    valuesOf: (saved) => ({ text: JSON.stringify(saved.metadata, null, 2) }),
    // JSON text that is no object: nothing the API's schema could say.
    check: ({ text }): Record<string, string> =>
      objectOf(text) ? {} : { metadata: t('settings.metadata.notObject') },
  })
  const { form: _, ...fieldErrors } = errors
  const apiError = Object.values(fieldErrors).join(' ')
  return (
    <GroupForm group="metadata" canEdit={canEdit} errors={errors} saving={saving} onSubmit={submit}>
      <JsonInput
        label={t('settings.metadata.label')}
        description={t('settings.metadata.help')}
        {...form.getInputProps('text', { withError: false })}
        autosize
        minRows={4}
        formatOnBlur
        error={apiError || undefined}
      />
    </GroupForm>
  )
}
