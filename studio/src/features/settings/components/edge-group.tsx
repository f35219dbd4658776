import { ActionIcon, Button, Group, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import type { TenantSettings } from '../api/settings'
import { GroupForm, useGroupForm } from './group-form'

type Edge = TenantSettings['edgeGateway']

/** Who may read the public routes from a browser: the switch, localhost, the allowed origins, caching. */
export function EdgeGroup({
  tenantId,
  settings,
  canEdit,
}: {
  tenantId: string
  settings: TenantSettings['edgeGateway']
  canEdit: boolean
}) {
  const { t } = useTranslation()
  const { form, errors, submit, saving } = useGroupForm(tenantId, 'edgeGateway', {
    initialValues: settings,
    bodyOf: (edge: Edge) => ({
      edgeGateway: {
        ...edge,
        allowedOrigins: edge.allowedOrigins.map((origin) => origin.trim()).filter(Boolean),
      },
    }),
    valuesOf: (saved) => saved.edgeGateway,
  })
  const origins = form.values.allowedOrigins
  const setOrigins = (allowedOrigins: string[]) => form.setFieldValue('allowedOrigins', allowedOrigins)
  const seconds = (member: 'cacheMaxAgeSeconds' | 'staleWhileRevalidateSeconds', max: number) => (
    <NumberInput
      label={t(`settings.edge.${member}`)}
      description={t(`settings.edge.${member}Help`)}
      value={form.values[member]}
      onChange={(value) => form.setFieldValue(member, typeof value === 'number' ? value : 0)}
      min={0}
      max={max}
      allowDecimal={false}
      error={errors[member]}
    />
  )

  return (
    <GroupForm group="edgeGateway" canEdit={canEdit} errors={errors} saving={saving} onSubmit={submit}>
      <Switch
        label={t('settings.edge.publicReadEnabled')}
        description={t('settings.edge.publicReadEnabledHelp')}
        {...form.getInputProps('publicReadEnabled', { type: 'checkbox' })}
      />
      <Switch
        label={t('settings.edge.allowLocalhost')}
        description={t('settings.edge.allowLocalhostHelp')}
        {...form.getInputProps('allowLocalhost', { type: 'checkbox' })}
      />
      <Stack gap="xs">
        <Text fw={500} size="sm">
          {t('settings.edge.allowedOrigins')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('settings.edge.allowedOriginsHelp')}
        </Text>
        {errors.allowedOrigins && (
          <Text size="sm" c="red.9" role="alert">
            {errors.allowedOrigins}
          </Text>
        )}
        {origins.map((origin, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the origin itself is what is being edited.
          <Group key={index} align="flex-start" wrap="nowrap">
            <TextInput
              label={t('settings.edge.origin', { number: index + 1 })}
              placeholder="https://www.example.com"
              value={origin}
              onChange={(event) =>
                setOrigins(origins.map((old, i) => (i === index ? event.currentTarget.value : old)))
              }
              error={errors[`allowedOrigins/${index}`]}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red.9"
              mt={28}
              aria-label={t('settings.edge.removeOrigin', { origin: origin || index + 1 })}
              onClick={() => setOrigins(origins.filter((_, i) => i !== index))}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="default" size="xs" onClick={() => setOrigins([...origins, ''])}>
            {t('settings.edge.addOrigin')}
          </Button>
        </Group>
      </Stack>
      {seconds('cacheMaxAgeSeconds', 86_400)}
      {seconds('staleWhileRevalidateSeconds', 604_800)}
    </GroupForm>
  )
}
