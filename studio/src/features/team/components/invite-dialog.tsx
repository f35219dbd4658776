import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { INVITABLE_ROLES, inviteMember } from '../api/members'

/**
 * The invitation form in a dialog: an address and a role (`roles`: those the caller may grant,
 * custom ones included, when the tenant's roles can be read); the API's refusals beside their field.
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
  const [picked, setPicked] = useState<string>('editor')
  // Editor unless the caller may not grant it: then the first role they may.
  const role =
    roles === undefined || roles.some((option) => option.value === picked)
      ? picked
      : (roles[0]?.value ?? picked)
  const [errors, setErrors] = useState<FieldErrors>({})
  const close = () => {
    setErrors({})
    onClose()
  }
  const invite = useMutation({
    mutationFn: (body: { email: string; role: string }) => inviteMember(tenantId, body),
    onSuccess: async ({ invitation }) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'members'] })
      notifySuccess(t('team.invite.sent', { email: invitation.email }))
      close()
    },
    onError: (failure) => setErrors(fieldErrors(failure, { Conflict: 'email' })),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setErrors({})
    invite.mutate({ email: String(new FormData(event.currentTarget).get('email') ?? '').trim(), role })
  }
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
            name="email"
            type="email"
            label={t('auth.email')}
            autoComplete="off"
            required
            data-autofocus
            error={errors.email}
          />
          <Select
            label={t('team.role')}
            data={roles ?? INVITABLE_ROLES.map((key) => ({ value: key, label: t(`team.roles.${key}`) }))}
            value={role}
            onChange={(value) => value && setPicked(value)}
            allowDeselect={false}
            error={errors.role}
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
