import { Alert, Button, Checkbox, Fieldset, Group, Stack, Switch, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '../../../lib/notify'
import { groupErrors, settingsQuery, type TenantSettings, updateSettings } from '../../settings'
import { newSecret } from '../api/webhooks'

type Webhook = TenantSettings['webhook']

/**
 * The tenant's webhook (on/off, URL, signing secret). The secret is write-only: the field starts
 * empty and an empty field keeps the stored one; "Generate" fills in a new one to copy to the
 * receiver before saving, and a box removes the stored one.
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
  const [enabled, setEnabled] = useState(webhook.enabled)
  const [url, setUrl] = useState(webhook.url)
  const [secret, setSecret] = useState('')
  const [removeSecret, setRemoveSecret] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useMutation({
    mutationFn: () =>
      updateSettings(tenantId, {
        webhook: {
          enabled,
          url,
          ...(removeSecret ? { secret: null } : secret === '' ? {} : { secret }),
        },
      }),
    onMutate: () => setErrors({}),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQuery(tenantId).queryKey, settings)
      setSecret('')
      setRemoveSecret(false)
      notifySuccess(t('webhooks.settings.saved'))
    },
    onError: (failure) => setErrors(groupErrors(failure, 'webhook')),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    save.mutate()
  }

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
              checked={enabled}
              onChange={(event) => setEnabled(event.currentTarget.checked)}
              error={errors.enabled}
            />
            <TextInput
              type="url"
              label={t('webhooks.settings.url')}
              placeholder="https://example.com/folio-webhook"
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              error={errors.url}
            />
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                label={t('webhooks.settings.secret')}
                description={
                  webhook.hasSecret ? t('webhooks.settings.secretKept') : t('webhooks.settings.secretNone')
                }
                value={secret}
                onChange={(event) => setSecret(event.currentTarget.value)}
                autoComplete="off"
                disabled={removeSecret}
                error={errors.secret}
                styles={{ input: { fontFamily: 'monospace' } }}
                style={{ flex: 1 }}
              />
              <Button variant="default" onClick={() => setSecret(newSecret())} disabled={removeSecret}>
                {t('webhooks.settings.generate')}
              </Button>
            </Group>
            {webhook.hasSecret && (
              <Checkbox
                label={t('webhooks.settings.removeSecret')}
                checked={removeSecret}
                onChange={(event) => setRemoveSecret(event.currentTarget.checked)}
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
