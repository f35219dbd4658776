import { Alert, Button, NumberInput, Switch, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PasswordField } from '../../../app/password-field'
import { type TenantSettings, testSmtp } from '../api/settings'
import { GroupForm, numberOrNull, useSaveGroup } from './group-form'

/** The tenant's own SMTP server (the password write-only), and a test mail to the signed-in user. */
export function MailGroup({
  tenantId,
  settings,
  canEdit,
}: {
  tenantId: string
  settings: TenantSettings['smtp']
  canEdit: boolean
}) {
  const { t } = useTranslation()
  const [smtp, setSmtp] = useState(settings)
  const [port, setPort] = useState<string | number>(settings.port ?? '')
  const [password, setPassword] = useState('')
  const { errors, save, saving } = useSaveGroup(tenantId, 'smtp', (saved) => {
    setSmtp(saved.smtp)
    setPort(saved.smtp.port ?? '')
    setPassword('')
  })
  const test = useMutation({ mutationFn: () => testSmtp(tenantId) })
  const text = (member: 'host' | 'username' | 'fromName' | 'fromEmail') => ({
    label: t(`settings.smtp.${member}`),
    value: smtp[member],
    onChange: (event: { currentTarget: { value: string } }) =>
      setSmtp({ ...smtp, [member]: event.currentTarget.value }),
    error: errors[member],
  })
  const toggle = (member: 'enabled' | 'secure' | 'requireTls') => ({
    label: t(`settings.smtp.${member}`),
    description: t(`settings.smtp.${member}Help`),
    checked: smtp[member],
    onChange: (event: { currentTarget: { checked: boolean } }) =>
      setSmtp({ ...smtp, [member]: event.currentTarget.checked }),
    error: errors[member],
  })
  const submit = () => {
    const { hasPassword: _, ...members } = smtp
    // An empty password field keeps the stored one (the API clears it only on "" or null).
    save({ smtp: { ...members, port: numberOrNull(port), ...(password === '' ? {} : { password }) } })
  }

  return (
    <GroupForm
      group="smtp"
      canEdit={canEdit}
      errors={errors}
      saving={saving}
      onSubmit={submit}
      actions={
        <Button variant="default" loading={test.isPending} onClick={() => test.mutate()}>
          {t('settings.smtp.test')}
        </Button>
      }
    >
      <Switch {...toggle('enabled')} />
      <TextInput {...text('host')} />
      <NumberInput
        label={t('settings.smtp.port')}
        value={port}
        onChange={setPort}
        min={1}
        max={65535}
        allowDecimal={false}
        error={errors.port}
      />
      <Switch {...toggle('secure')} />
      <Switch {...toggle('requireTls')} />
      <TextInput {...text('username')} autoComplete="off" />
      <PasswordField
        label={t('settings.smtp.password')}
        description={smtp.hasPassword ? t('settings.smtp.passwordKept') : t('settings.smtp.passwordNone')}
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        autoComplete="new-password"
        error={errors.password}
      />
      <TextInput {...text('fromName')} />
      <TextInput {...text('fromEmail')} type="email" />
      {test.data && (
        <Alert color="teal" role="status">
          {t(`settings.smtp.sent.${test.data.via}`, { to: test.data.to })}
        </Alert>
      )}
      {test.error && (
        <Alert color="red" role="alert">
          {test.error.message}
        </Alert>
      )}
    </GroupForm>
  )
}
