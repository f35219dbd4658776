import { requestBodies } from '@folio/client'
import { Alert, Button, Fieldset, Group, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { FormEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '../../../lib/notify'
import { schemaErrors } from '../../../lib/validation'
import { type GroupErrors, groupErrors, groupFieldOf } from '../api/group-errors'
import {
  type SettingsGroup,
  type SettingsUpdate,
  settingsQuery,
  type TenantSettings,
  updateSettings,
} from '../api/settings'

/**
 * One group of the settings as a form: its values in @mantine/form, checked before sending against
 * the API's schema of the settings (and `check`, for what the schema cannot say); `submit` sends
 * the group alone, the answer replaces the cached settings and, through `valuesOf`, the form's
 * values (origins normalized, empty rows gone, secrets emptied), and a refusal lands at the member
 * its `details` name.
 */
export function useGroupForm<Values extends Record<string, unknown>>(
  tenantId: string,
  group: SettingsGroup,
  {
    initialValues,
    bodyOf,
    valuesOf,
    check,
  }: {
    initialValues: Values
    bodyOf: (values: Values) => SettingsUpdate
    valuesOf?: (settings: TenantSettings) => Partial<Values>
    check?: (values: Values) => GroupErrors
  },
) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const form = useForm<Values>({
    initialValues,
    // Errors stay until the next Save, as the API's do.
    clearInputErrorOnChange: false,
    validate: (values: Values) => {
      const own = check?.(values) ?? {}
      return Object.keys(own).length > 0
        ? own
        : schemaErrors(requestBodies.updateTenantSettings, bodyOf(values), groupFieldOf(group))
    },
  })
  const mutation = useMutation({
    mutationFn: (body: SettingsUpdate) => updateSettings(tenantId, body),
    onSuccess: async (settings) => {
      queryClient.setQueryData(settingsQuery(tenantId).queryKey, settings)
      if (valuesOf) form.setValues(valuesOf(settings))
      // Limits are also part of the effective quota the dashboard shows.
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'limits'] })
      notifySuccess(t('settings.saved', { group: t(`settings.groups.${group}`) }))
    },
  })
  const submit = form.onSubmit((values) =>
    mutation
      .mutateAsync(bodyOf(values))
      .catch((failure: unknown) => form.setErrors(groupErrors(failure, group))),
  )
  return { form, errors: form.errors as GroupErrors, submit, saving: mutation.isPending }
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
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  children: ReactNode
  /** More buttons beside Save (the SMTP test). */
  actions?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <form onSubmit={onSubmit} noValidate>
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
