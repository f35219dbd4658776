import { Alert, Button, Fieldset, Group, Stack } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '../../../lib/notify'
import { type GroupErrors, groupErrors } from '../api/group-errors'
import {
  type SettingsGroup,
  type SettingsUpdate,
  settingsQuery,
  type TenantSettings,
  updateSettings,
} from '../api/settings'

/**
 * Saving one group of the settings: `save(body)` sends it, the answer replaces the cached settings
 * and goes to `onSaved` (the form takes the values as stored: origins normalized, empty rows gone),
 * and a refusal lands in `errors` at the member its `details` name.
 */
export function useSaveGroup(
  tenantId: string,
  group: SettingsGroup,
  onSaved: (settings: TenantSettings) => void = () => {},
) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState<GroupErrors>({})
  const mutation = useMutation({
    mutationFn: (body: SettingsUpdate) => updateSettings(tenantId, body),
    onMutate: () => setErrors({}),
    onSuccess: async (settings) => {
      queryClient.setQueryData(settingsQuery(tenantId).queryKey, settings)
      onSaved(settings)
      // Limits are also part of the effective quota the dashboard shows.
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'limits'] })
      notifySuccess(t('settings.saved', { group: t(`settings.groups.${group}`) }))
    },
    onError: (failure) => setErrors(groupErrors(failure, group)),
  })
  return { errors, save: mutation.mutate, saving: mutation.isPending }
}

/**
 * A group's form: its fields in a fieldset named by the group (disabled when the member may only
 * read settings), the errors naming no field above them, and Save.
 */
export function GroupForm({
  group,
  canEdit,
  errors,
  saving,
  onSubmit,
  children,
  actions,
}: {
  group: SettingsGroup
  canEdit: boolean
  errors: GroupErrors
  saving: boolean
  onSubmit: () => void
  children: ReactNode
  /** More buttons beside Save (the SMTP test). */
  actions?: ReactNode
}) {
  const { t } = useTranslation()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Fieldset legend={t(`settings.groups.${group}`)} disabled={!canEdit} variant="unstyled">
          <Stack>{children}</Stack>
        </Fieldset>
        {canEdit && (
          <Group>
            <Button type="submit" loading={saving}>
              {t('settings.save', { group: t(`settings.groups.${group}`) })}
            </Button>
            {actions}
          </Group>
        )}
      </Stack>
    </form>
  )
}

/** A number field's value for the API: empty is null (no value set). */
export function numberOrNull(value: string | number): number | null {
  return typeof value === 'number' ? value : value.trim() === '' ? null : Number(value)
}
