import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../../app/data-table'
import { useCan } from '../../auth'
import { TenantIdField } from '../../tenants'
import { type ApiToken, tokensQuery } from '../api/tokens'
import { CreateTokenDialog } from '../components/create-token-dialog'
import { RevokeTokenDialog } from '../components/revoke-token-dialog'

const route = getRouteApi('/signed-in/t/$tenantId/api-tokens')

/** The tenant's API tokens with their role, scopes and use; creating and revoking for who may. */
export function ApiTokensPage() {
  const { t, i18n } = useTranslation()
  const { tenantId } = route.useParams()
  const can = useCan()
  const [creating, { open, close }] = useDisclosure()
  const [revoking, setRevoking] = useState<ApiToken>()
  const { data: tokens, error, isFetching } = useQuery(tokensQuery(tenantId))
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const when = (value: string | null, none: string) => (value === null ? none : date.format(new Date(value)))

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('tokens.title')}
        </Title>
        {can('api-tokens:create') && <Button onClick={open}>{t('tokens.create.open')}</Button>}
      </Group>
      <Text c="dimmed">{t('tokens.intro')}</Text>
      <TenantIdField tenantId={tenantId} />
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : (
        <DataTable
          label={t('tokens.title')}
          minWidth={760}
          busy={isFetching}
          caption={tokens ? t('tokens.count', { count: tokens.length }) : t('app.loading')}
          head={
            <>
              <Table.Th>{t('tokens.name')}</Table.Th>
              <Table.Th>{t('tokens.role')}</Table.Th>
              <Table.Th>{t('tokens.scopes')}</Table.Th>
              <Table.Th>{t('tokens.createdAt')}</Table.Th>
              <Table.Th>{t('tokens.lastUsedAt')}</Table.Th>
              <Table.Th>{t('tokens.expiresAt')}</Table.Th>
              {can('api-tokens:delete') && <Table.Th>{t('tokens.actions')}</Table.Th>}
            </>
          }
        >
          {tokens?.map((token) => (
            <Table.Tr key={token.id}>
              <Table.Td>{token.name}</Table.Td>
              <Table.Td>{t(`tokens.roles.${token.role}`, { defaultValue: token.role })}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {token.scopes.map((scope) => (
                    <Badge key={scope} variant="outline" color="gray.8">
                      {t(`tokens.scope.${scope}`, { defaultValue: scope })}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{when(token.createdAt, '—')}</Table.Td>
              <Table.Td>{when(token.lastUsedAt, t('tokens.never'))}</Table.Td>
              <Table.Td>{when(token.expiresAt, t('tokens.never'))}</Table.Td>
              {can('api-tokens:delete') && (
                <Table.Td>
                  <Button
                    variant="default"
                    size="xs"
                    aria-label={t('tokens.revoke.open', { name: token.name })}
                    onClick={() => setRevoking(token)}
                  >
                    {t('tokens.revoke.confirm')}
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <CreateTokenDialog tenantId={tenantId} opened={creating} onClose={close} />
      <RevokeTokenDialog tenantId={tenantId} token={revoking} onClose={() => setRevoking(undefined)} />
    </Stack>
  )
}
