import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Asks before an action that cannot be undone (or that overwrites): the question, what the action
 * will do, and the error of a failed attempt, shown here where it happened. `onConfirm` runs the
 * action. `opened` defaults to true for callers that mount the dialog only while it is open;
 * `danger` (default true) paints the confirm button red. `fields` holds what the action needs
 * besides the yes (a password, a choice), below the text; the confirm button then submits them,
 * and stays disabled while `confirmDisabled` (a confirmation not typed out yet).
 */
export function ConfirmDialog(props: {
  opened?: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  pending: boolean
  danger?: boolean
  fields?: ReactNode
  confirmDisabled?: boolean
  error?: string | undefined
  onConfirm: () => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <Modal
      opened={props.opened ?? true}
      onClose={props.onClose}
      title={props.title}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          // The dialog may sit in another form's tree (a portal still bubbles through React's).
          event.stopPropagation()
          if (!props.pending && !props.confirmDisabled) props.onConfirm()
        }}
      >
        <Stack>
          <Text>{props.children}</Text>
          {props.fields}
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
              color={(props.danger ?? true) ? 'red.8' : undefined}
              loading={props.pending}
              disabled={props.confirmDisabled}
              type="submit"
            >
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
