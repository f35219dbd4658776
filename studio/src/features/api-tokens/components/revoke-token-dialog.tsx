import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '../../../lib/notify'
import { type ApiToken, revokeToken } from '../api/tokens'

/** Asks before revoking `token`, saying that whatever uses it stops working at once. */
export function RevokeTokenDialog({
  tenantId,
  token,
  onClose,
}: {
  tenantId: string
  token: ApiToken | undefined
  onClose: () => void
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const revoke = useMutation({
    mutationFn: (id: string) => revokeToken(tenantId, id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'api-tokens'] })
      notifySuccess(t('tokens.revoke.done', { name: token?.name }))
      close()
    },
  })
  const close = () => {
    revoke.reset()
    onClose()
  }
  return (
    <Modal
      opened={token !== undefined}
      onClose={close}
      title={t('tokens.revoke.title', { name: token?.name })}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <Stack>
        {revoke.error && (
          <Alert color="red" role="alert">
            {revoke.error.message}
          </Alert>
        )}
        <Text>{t('tokens.revoke.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            {t('app.cancel')}
          </Button>
          <Button color="red.9" loading={revoke.isPending} onClick={() => token && revoke.mutate(token.id)}>
            {t('tokens.revoke.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
