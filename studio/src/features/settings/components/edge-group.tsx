import { ActionIcon, Button, Group, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TenantSettings } from '../api/settings'
import { GroupForm, useSaveGroup } from './group-form'

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
  const [edge, setEdge] = useState(settings)
  const { errors, save, saving } = useSaveGroup(tenantId, 'edgeGateway', (saved) =>
    setEdge(saved.edgeGateway),
  )
  const origins = edge.allowedOrigins
  const setOrigins = (allowedOrigins: string[]) => setEdge({ ...edge, allowedOrigins })
  const submit = () =>
    save({ edgeGateway: { ...edge, allowedOrigins: origins.map((origin) => origin.trim()).filter(Boolean) } })
  const seconds = (member: 'cacheMaxAgeSeconds' | 'staleWhileRevalidateSeconds', max: number) => (
    <NumberInput
      label={t(`settings.edge.${member}`)}
      description={t(`settings.edge.${member}Help`)}
      value={edge[member]}
      onChange={(value) => setEdge({ ...edge, [member]: typeof value === 'number' ? value : 0 })}
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
        checked={edge.publicReadEnabled}
        onChange={(event) => setEdge({ ...edge, publicReadEnabled: event.currentTarget.checked })}
        error={errors.publicReadEnabled}
      />
      <Switch
        label={t('settings.edge.allowLocalhost')}
        description={t('settings.edge.allowLocalhostHelp')}
        checked={edge.allowLocalhost}
        onChange={(event) => setEdge({ ...edge, allowLocalhost: event.currentTarget.checked })}
        error={errors.allowLocalhost}
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
