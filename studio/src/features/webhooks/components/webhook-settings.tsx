import { requestBodies } from '@folio/client'
import { Alert, Button, Checkbox, Fieldset, Group, Stack, Switch, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '../../../lib/notify'
import { bodyValidator } from '../../../lib/validation'
import { groupErrors, groupFieldOf, settingsQuery, type TenantSettings, updateSettings } from '../../settings'
import { newSecret } from '../api/webhooks'

type Webhook = TenantSettings['webhook']

/** What the form edits: the secret typed (empty keeps the stored one) and whether to remove it. */
interface WebhookValues {
  enabled: boolean
  url: string
  secret: string
  removeSecret: boolean
}

/** What a save sends: only the webhook group. */
function bodyOf({ enabled, url, secret, removeSecret }: WebhookValues) {
  return { webhook: { enabled, url, ...(removeSecret ? { secret: null } : secret === '' ? {} : { secret }) } }
}

/**
 * The tenant's webhook (on/off, URL, signing secret). The secret is write-only: the field starts
 * empty and an empty field keeps the stored one; "Generate" fills in a new one to copy to the
 * receiver before saving, and a box removes the stored one. Checked against the API's schema of the
 * settings first.
 */
export function WebhookSettings({
  tenantId,
  webhook,
  canEdit,
}: {
  tenantId: string
  webhook: Webhook
  canEdit: boolean
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const form = useForm<WebhookValues>({
    initialValues: { enabled: webhook.enabled, url: webhook.url, secret: '', removeSecret: false },
    clearInputErrorOnChange: false,
    validate: bodyValidator(requestBodies.updateTenantSettings, bodyOf, groupFieldOf('webhook')),
  })
  const errors = form.errors as Record<string, string>
  const save = useMutation({
    mutationFn: (values: WebhookValues) => updateSettings(tenantId, bodyOf(values)),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQuery(tenantId).queryKey, settings)
      form.setValues({ secret: '', removeSecret: false })
      notifySuccess(t('webhooks.settings.saved'))
    },
  })
  const submit = form.onSubmit((values) =>
    save.mutateAsync(values).catch((failure: unknown) => form.setErrors(groupErrors(failure, 'webhook'))),
  )
  const { removeSecret } = form.values

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Fieldset legend={t('webhooks.settings.title')} disabled={!canEdit} variant="unstyled">
          <Stack>
            <Switch
              label={t('webhooks.settings.enabled')}
              description={t('webhooks.settings.enabledHelp')}
              {...form.getInputProps('enabled', { type: 'checkbox' })}
            />
            <TextInput
              type="url"
              label={t('webhooks.settings.url')}
              placeholder="https://example.com/folio-webhook"
              {...form.getInputProps('url')}
            />
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                label={t('webhooks.settings.secret')}
                description={
                  webhook.hasSecret ? t('webhooks.settings.secretKept') : t('webhooks.settings.secretNone')
                }
                {...form.getInputProps('secret')}
                autoComplete="off"
                disabled={removeSecret}
                styles={{ input: { fontFamily: 'monospace' } }}
                style={{ flex: 1 }}
              />
              <Button
                variant="default"
                onClick={() => form.setFieldValue('secret', newSecret())}
                disabled={removeSecret}
              >
                {t('webhooks.settings.generate')}
              </Button>
            </Group>
            {webhook.hasSecret && (
              <Checkbox
                label={t('webhooks.settings.removeSecret')}
                {...form.getInputProps('removeSecret', { type: 'checkbox' })}
              />
            )}
          </Stack>
        </Fieldset>
        {canEdit && (
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('webhooks.settings.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  )
}
