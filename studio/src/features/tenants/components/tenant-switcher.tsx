import { Select } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import type { Account } from '../../auth'
import { switchTenant } from '../api/tenants'

/**
 * The tenants the user is an active member of, as a select; choosing one opens its dashboard. Its
 * last entries open tenant creation and the deleted tenants.
 */
export function TenantSwitcher({ account, tenantId }: { account: Account; tenantId: string | undefined }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const options = account.memberships
    .filter((membership) => membership.status === 'active')
    .map((membership) => ({ value: membership.tenantId, label: membership.tenant.name }))
  const NEW = '__new'
  const DELETED = '__deleted'
  return (
    <Select
      aria-label={t('tenants.switcher')}
      placeholder={t('tenants.choose')}
      data={[
        ...options,
        { value: NEW, label: t('tenants.create.link') },
        { value: DELETED, label: t('tenants.deleted') },
      ]}
      value={tenantId ?? null}
      allowDeselect={false}
      w={220}
      onChange={async (value) => {
        if (value === null || value === tenantId) return
        if (value === NEW) {
          await navigate({ to: '/tenants/new' })
          return
        }
        if (value === DELETED) {
          await navigate({ to: '/tenants/deleted' })
          return
        }
        await switchTenant(value)
        await queryClient.invalidateQueries({ queryKey: ['account'] })
        await navigate({ to: '/t/$tenantId', params: { tenantId: value } })
      }}
    />
  )
}
