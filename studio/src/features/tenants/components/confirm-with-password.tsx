import { Textarea, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../app/confirm-dialog'
import { PasswordField } from '../../../app/password-field'
import type { FieldErrors } from '../../../lib/errors'

/** What the dialog hands to `onSubmit`: the typed confirmation, the password and the optional reason. */
export interface PasswordConfirmation {
  confirmation: string
  currentPassword: string
  reason?: string
}

/**
 * The dialog deletion and restore share (the shared `ConfirmDialog` with fields): the API asks for
 * the tenant's slug typed out and the current password; the confirm button stays disabled until the
 * slug matches. `withReason` adds the optional reason deletion records, and paints the button red.
 * Errors come from the caller, beside their field.
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
  const [password, setPassword] = useState('')
  const [reason, setReason] = useState('')
  const close = () => {
    setTyped('')
    setPassword('')
    setReason('')
    props.onClose()
  }
  const { errors } = props
  return (
    <ConfirmDialog
      opened={props.opened}
      title={props.title}
      confirmLabel={props.submitLabel}
      danger={props.withReason ?? false}
      pending={props.pending}
      confirmDisabled={typed !== props.expected}
      error={errors.form}
      onClose={close}
      onConfirm={() =>
        props.onSubmit({
          confirmation: typed,
          currentPassword: password,
          ...(reason.trim() === '' ? {} : { reason: reason.trim() }),
        })
      }
      fields={
        <>
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
          <PasswordField
            name="currentPassword"
            label={t('lifecycle.confirm.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.currentPassword}
          />
          {props.withReason && (
            <Textarea
              name="reason"
              label={t('lifecycle.delete.reason')}
              maxLength={1000}
              autosize
              minRows={2}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
          )}
        </>
      }
    >
      {props.explanation}
    </ConfirmDialog>
  )
}
