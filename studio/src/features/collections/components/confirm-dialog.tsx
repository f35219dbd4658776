import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** A question before a destructive action, with the error of a failed attempt shown in it. */
export function ConfirmDialog(props: {
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
      opened
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
            {t('collections.cancel')}
          </Button>
          <Button color="red.8" loading={props.pending} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
