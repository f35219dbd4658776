import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { changeMemberRole, type Member } from '../api/members'

/** Gives a member another role, among those the caller may grant; the API's refusal shown here. */
export function RoleDialog({
  tenantId,
  member,
  options,
  onClose,
}: {
  tenantId: string
  member: Member
  options: { value: string; label: string }[]
  onClose: () => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [role, setRole] = useState(member.role)
  const change = useMutation({
    mutationFn: () => changeMemberRole(tenantId, member.id, role),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'members'] })
      notifySuccess(t('team.changeRole.changed', { email: member.email }))
      onClose()
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    change.mutate()
  }
  const error = change.error ? fieldErrors(change.error) : {}
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('team.changeRole.title', { email: member.email })}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {error.form && (
            <Alert color="red" role="alert">
              {error.form}
            </Alert>
          )}
          <Select
            label={t('team.role')}
            data={options}
            value={role}
            onChange={(value) => value && setRole(value)}
            allowDeselect={false}
            error={error.role}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending} disabled={role === member.role}>
              {t('team.changeRole.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
