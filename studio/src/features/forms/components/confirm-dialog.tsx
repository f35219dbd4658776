import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** Asks before an action that cannot be undone (or overwrites), and shows its failure where it happened. */
export function ConfirmDialog(props: {
  opened: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  pending: boolean
  error?: string | undefined
  danger?: boolean
  onConfirm: () => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <Stack>
        <Text>{props.children}</Text>
        {props.error && (
          <Alert color="red" role="alert">
            {props.error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('app.cancel')}
          </Button>
          <Button
            color={props.danger ? 'red.8' : undefined}
            loading={props.pending}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
