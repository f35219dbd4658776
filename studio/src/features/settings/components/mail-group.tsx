import { Alert, Button, NumberInput, Switch, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { PasswordField } from '../../../app/password-field'
import { type TenantSettings, testSmtp } from '../api/settings'
import { GroupForm, numberOrNull, useGroupForm } from './group-form'

type Smtp = TenantSettings['smtp']
/** What the form edits: the stored members, the port as typed, and a new password (empty keeps it). */
type MailValues = Omit<Smtp, 'port'> & { port: string | number; password: string }

const valuesOf = (smtp: Smtp): MailValues => ({ ...smtp, port: smtp.port ?? '', password: '' })

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
  const { form, errors, submit, saving } = useGroupForm(tenantId, 'smtp', {
    initialValues: valuesOf(settings),
    bodyOf: ({ hasPassword: _, port, password, ...members }: MailValues) => ({
      // An empty password field keeps the stored one (the API clears it only on "" or null).
      smtp: { ...members, port: numberOrNull(port), ...(password === '' ? {} : { password }) },
    }),
    valuesOf: (saved) => valuesOf(saved.smtp),
  })
  const test = useMutation({ mutationFn: () => testSmtp(tenantId) })
  const text = (member: 'host' | 'username' | 'fromName' | 'fromEmail') => ({
    ...form.getInputProps(member),
    label: t(`settings.smtp.${member}`),
  })
  const toggle = (member: 'enabled' | 'secure' | 'requireTls') => ({
    ...form.getInputProps(member, { type: 'checkbox' }),
    label: t(`settings.smtp.${member}`),
    description: t(`settings.smtp.${member}Help`),
  })

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
        {...form.getInputProps('port')}
        label={t('settings.smtp.port')}
        min={1}
        max={65535}
        allowDecimal={false}
      />
      <Switch {...toggle('secure')} />
      <Switch {...toggle('requireTls')} />
      <TextInput {...text('username')} autoComplete="off" />
      <PasswordField
        label={t('settings.smtp.password')}
        description={
          form.values.hasPassword ? t('settings.smtp.passwordKept') : t('settings.smtp.passwordNone')
        }
        {...form.getInputProps('password')}
        autoComplete="new-password"
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
