import { Switch } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { TenantSettings } from '../api/settings'
import { GroupForm, useGroupForm } from './group-form'
import { mapOf, type NamedRow, NamedRows, rowsOf } from './named-rows'

/** The tenant's named on/off switches (the map is replaced whole on save). */
export function FeaturesGroup({
  tenantId,
  settings,
  canEdit,
}: {
  tenantId: string
  settings: TenantSettings['features']
  canEdit: boolean
}) {
  const { t } = useTranslation()
  const { form, errors, submit, saving } = useGroupForm(tenantId, 'features', {
    initialValues: { rows: rowsOf(settings) },
    bodyOf: ({ rows }: { rows: NamedRow<boolean>[] }) => ({ features: mapOf(rows) }),
    valuesOf: (saved) => ({ rows: rowsOf(saved.features) }),
  })
  return (
    <GroupForm group="features" canEdit={canEdit} errors={errors} saving={saving} onSubmit={submit}>
      <NamedRows
        title={t('settings.features.list')}
        rows={form.values.rows}
        onChange={(rows) => form.setFieldValue('rows', rows)}
        fresh={true}
        errors={errors}
        renderValue={(row, index, set) => (
          <Switch
            mt={32}
            label={t('settings.features.on', { number: index + 1 })}
            checked={row.value}
            onChange={(event) => set(event.currentTarget.checked)}
          />
        )}
      />
    </GroupForm>
  )
}
