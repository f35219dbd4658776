import { PasswordInput, type PasswordInputProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/**
 * Mantine's PasswordInput as every Studio form uses it: the visibility toggle is labelled, and the
 * input is marked invalid while it shows an error (Mantine describes the error through
 * `aria-describedby` but leaves `aria-invalid` off). Other props pass through.
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation()
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  )
}
