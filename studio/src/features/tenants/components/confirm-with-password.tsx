import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { FieldErrors } from '../../../lib/errors'

/** What the dialog hands to `onSubmit`: the typed confirmation, the password and the optional reason. */
export interface PasswordConfirmation {
  confirmation: string
  currentPassword: string
  reason?: string
}

/**
 * The dialog deletion and restore share: the API asks for the tenant's slug typed out and the current
 * password; the submit button stays disabled until the slug matches. `withReason` adds the optional
 * reason deletion records. Errors come from the caller, beside their field.
 */
export function ConfirmWithPasswordDialog(props: {
  opened: boolean
  title: string
  explanation: string
  expected: string
  submitLabel: string
  withReason?: boolean
  pending: boolean
  errors: FieldErrors
  onSubmit: (values: PasswordConfirmation) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [typed, setTyped] = useState('')
  const close = () => {
    setTyped('')
    props.onClose()
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const reason = String(form.get('reason') ?? '').trim()
    props.onSubmit({
      confirmation: typed,
      currentPassword: String(form.get('currentPassword') ?? ''),
      ...(reason === '' ? {} : { reason }),
    })
  }
  const { errors } = props
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={props.title}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text>{props.explanation}</Text>
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <TextInput
            name="confirmation"
            label={t('lifecycle.confirm.label', { slug: props.expected })}
            autoComplete="off"
            spellCheck={false}
            required
            data-autofocus
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={errors.confirmation}
          />
          <PasswordInput
            name="currentPassword"
            label={t('lifecycle.confirm.password')}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
            autoComplete="current-password"
            required
            error={errors.currentPassword}
            // Mantine's PasswordInput describes its error but does not mark its input invalid.
            aria-invalid={errors.currentPassword ? true : undefined}
          />
          {props.withReason && (
            <Textarea
              name="reason"
              label={t('lifecycle.delete.reason')}
              maxLength={1000}
              autosize
              minRows={2}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('app.cancel')}
            </Button>
            <Button
              type="submit"
              color={props.withReason ? 'red.8' : undefined}
              disabled={typed !== props.expected}
              loading={props.pending}
            >
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
