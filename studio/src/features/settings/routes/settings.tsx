import { Alert, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { useCan } from '../../auth'
import { TenantIdField } from '../../tenants'
import { SETTINGS_TABS, type SettingsTab } from '../api/search'
import { settingsQuery } from '../api/settings'
import { BrandingGroup } from '../components/branding-group'
import { EdgeGroup } from '../components/edge-group'
import { FeaturesGroup } from '../components/features-group'
import { LimitsGroup } from '../components/limits-group'
import { LocalesGroup } from '../components/locales-group'
import { MailGroup } from '../components/mail-group'
import { MetadataGroup } from '../components/metadata-group'
import { PreviewGroup } from '../components/preview-group'

const route = getRouteApi('/signed-in/t/$tenantId/settings')

/**
 * Every group of the tenant's settings in a tab of its own, each saved by itself; read-only without
 * `settings:update`. The open tab is in the address (`?tab=`), so a link can open one.
 */
export function SettingsPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const { tab = SETTINGS_TABS[0] } = route.useSearch()
  const navigate = useNavigate()
  const open = (value: string | null) =>
    void navigate({
      to: '/t/$tenantId/settings',
      params: { tenantId },
      search: value === null || value === SETTINGS_TABS[0] ? {} : { tab: value as SettingsTab },
      replace: true,
    })
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
        <Tabs value={tab} onChange={open} keepMounted>
          <Tabs.List>
            {SETTINGS_TABS.map((group) => (
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
          <Tabs.Panel value="preview" pt="md">
            <PreviewGroup tenantId={tenantId} settings={settings.preview} canEdit={canEdit} />
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
