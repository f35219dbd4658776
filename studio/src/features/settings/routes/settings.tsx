import { Alert, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useCan } from '../../auth'
import { TenantIdField } from '../../tenants'
import { settingsQuery } from '../api/settings'
import { BrandingGroup } from '../components/branding-group'
import { EdgeGroup } from '../components/edge-group'
import { FeaturesGroup } from '../components/features-group'
import { LimitsGroup } from '../components/limits-group'
import { LocalesGroup } from '../components/locales-group'
import { MailGroup } from '../components/mail-group'
import { MetadataGroup } from '../components/metadata-group'

const route = getRouteApi('/signed-in/t/$tenantId/settings')

const GROUPS = ['smtp', 'branding', 'locales', 'limits', 'edgeGateway', 'features', 'metadata'] as const

/** Every group of the tenant's settings in a tab of its own, each saved by itself; read-only without `settings:update`. */
export function SettingsPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const can = useCan()
  const canEdit = can('settings:update')
  const { data: settings, error } = useQuery(settingsQuery(tenantId))

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('settings.title')}
      </Title>
      {!canEdit && <Text c="dimmed">{t('settings.readOnly')}</Text>}
      <TenantIdField tenantId={tenantId} />
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : settings ? (
        <Tabs defaultValue="smtp" keepMounted>
          <Tabs.List>
            {GROUPS.map((group) => (
              <Tabs.Tab key={group} value={group}>
                {t(`settings.groups.${group}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="smtp" pt="md">
            <MailGroup tenantId={tenantId} settings={settings.smtp} canEdit={canEdit} />
          </Tabs.Panel>
          <Tabs.Panel value="branding" pt="md">
            <BrandingGroup tenantId={tenantId} settings={settings.branding} canEdit={canEdit} />
          </Tabs.Panel>
          <Tabs.Panel value="locales" pt="md">
            <LocalesGroup tenantId={tenantId} settings={settings.locales} canEdit={canEdit} />
          </Tabs.Panel>
          <Tabs.Panel value="limits" pt="md">
            <LimitsGroup tenantId={tenantId} settings={settings.limits} canEdit={canEdit} />
          </Tabs.Panel>
          <Tabs.Panel value="edgeGateway" pt="md">
            <EdgeGroup tenantId={tenantId} settings={settings.edgeGateway} canEdit={canEdit} />
          </Tabs.Panel>
          <Tabs.Panel value="features" pt="md">
            <FeaturesGroup tenantId={tenantId} settings={settings.features} canEdit={canEdit} />
          </Tabs.Panel>
          <Tabs.Panel value="metadata" pt="md">
            <MetadataGroup tenantId={tenantId} settings={settings.metadata} canEdit={canEdit} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Skeleton h={300} />
      )}
    </Stack>
  )
}
