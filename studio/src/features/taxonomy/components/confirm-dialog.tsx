import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A confirmation for a destructive action: the question, what the action will do, and the error
 * of a failed attempt (shown here, where it happened). `onConfirm` runs the action.
 */
export function ConfirmDialog(props: {
  opened: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  pending: boolean
  error?: string | undefined
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
            {t('taxonomy.cancel')}
          </Button>
          <Button color="red.8" loading={props.pending} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
