import { JsonInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TenantSettings } from '../api/settings'
import { GroupForm, useSaveGroup } from './group-form'

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
  const [text, setText] = useState(JSON.stringify(settings, null, 2))
  const [invalid, setInvalid] = useState<string>()
  const { errors, save, saving } = useSaveGroup(tenantId, 'metadata', (saved) =>
    setText(JSON.stringify(saved.metadata, null, 2)),
  )
  const submit = () => {
    let metadata: unknown
    try {
      metadata = JSON.parse(text)
    } catch {
      metadata = undefined
    }
    if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
      setInvalid(t('settings.metadata.notObject'))
      return
    }
    setInvalid(undefined)
    save({ metadata: metadata as Record<string, unknown> })
  }
  const { form: _, ...fieldErrors } = errors
  const apiError = Object.values(fieldErrors).join(' ')
  return (
    <GroupForm group="metadata" canEdit={canEdit} errors={errors} saving={saving} onSubmit={submit}>
      <JsonInput
        label={t('settings.metadata.label')}
        description={t('settings.metadata.help')}
        value={text}
        onChange={setText}
        autosize
        minRows={4}
        formatOnBlur
        error={invalid ?? (apiError || undefined)}
      />
    </GroupForm>
  )
}
