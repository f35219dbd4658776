import { requestBodies } from '@folio/client'
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { bodyValidator, memberOf } from '../../../lib/validation'
import { INVITABLE_ROLES, inviteMember } from '../api/members'

interface InviteValues {
  email: string
  role: string
}

/**
 * The invitation form in a dialog: an address and a role (`roles`: those the caller may grant,
 * custom ones included, when the tenant's roles can be read), checked against the API's schema of
 * the body first; the API's refusals beside their field.
 */
export function InviteDialog({
  tenantId,
  opened,
  onClose,
  roles,
}: {
  tenantId: string
  opened: boolean
  onClose: () => void
  roles?: { value: string; label: string }[] | undefined
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  /** The role sent: editor unless the caller may not grant it, then the first role they may. */
  const roleOf = (picked: string): string =>
    roles === undefined || roles.some((option) => option.value === picked)
      ? picked
      : (roles[0]?.value ?? picked)
  const bodyOf = (values: InviteValues) => ({ email: values.email.trim(), role: roleOf(values.role) })
  const form = useForm<InviteValues>({
    initialValues: { email: '', role: 'editor' },
    clearInputErrorOnChange: false,
    validate: bodyValidator(requestBodies.inviteUser, bodyOf, memberOf),
  })
  const role = roleOf(form.values.role)
  const errors = form.errors as FieldErrors
  const close = () => {
    // The dialog opens empty again, as a new invitation.
    form.reset()
    onClose()
  }
  const invite = useMutation({
    mutationFn: (body: { email: string; role: string }) => inviteMember(tenantId, body),
    onSuccess: async ({ invitation }) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'members'] })
      notifySuccess(t('team.invite.sent', { email: invitation.email }))
      close()
    },
  })
  const submit = form.onSubmit((values) =>
    invite
      .mutateAsync(bodyOf(values))
      .catch((failure: unknown) => form.setErrors(fieldErrors(failure, { Conflict: 'email' }))),
  )
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('team.invite.title')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <TextInput
            {...form.getInputProps('email')}
            type="email"
            label={t('auth.email')}
            autoComplete="off"
            required
            data-autofocus
          />
          <Select
            label={t('team.role')}
            data={roles ?? INVITABLE_ROLES.map((key) => ({ value: key, label: t(`team.roles.${key}`) }))}
            {...form.getInputProps('role')}
            value={role}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('team.invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
