import { List, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { AnchorLink, ButtonLink } from '../../../lib/links'
import { accountQuery } from '../../auth'

/** Where a user without an active tenant lands: their tenants, and a way to create one. */
export function TenantHomePage() {
  const { t } = useTranslation()
  const { data: account } = useSuspenseQuery(accountQuery)
  const memberships = account?.memberships.filter((membership) => membership.status === 'active') ?? []
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {t('tenants.home.title')}
      </Title>
      {memberships.length === 0 ? (
        <Text>{t('tenants.home.none')}</Text>
      ) : (
        <List>
          {memberships.map((membership) => (
            <List.Item key={membership.id}>
              <AnchorLink to="/t/$tenantId" params={{ tenantId: membership.tenantId }}>
                {membership.tenant.name}
              </AnchorLink>
            </List.Item>
          ))}
        </List>
      )}
      <ButtonLink to="/tenants/new" w="fit-content">
        {t('tenants.create.link')}
      </ButtonLink>
      <AnchorLink to="/tenants/deleted">{t('lifecycle.deleted.link')}</AnchorLink>
    </Stack>
  )
}
