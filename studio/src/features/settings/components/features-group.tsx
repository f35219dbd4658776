import { Switch } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TenantSettings } from '../api/settings'
import { GroupForm, useSaveGroup } from './group-form'
import { mapOf, NamedRows, rowsOf } from './named-rows'

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
  const [rows, setRows] = useState(rowsOf(settings))
  const { errors, save, saving } = useSaveGroup(tenantId, 'features', (saved) =>
    setRows(rowsOf(saved.features)),
  )
  return (
    <GroupForm
      group="features"
      canEdit={canEdit}
      errors={errors}
      saving={saving}
      onSubmit={() => save({ features: mapOf(rows) })}
    >
      <NamedRows
        title={t('settings.features.list')}
        rows={rows}
        onChange={setRows}
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
