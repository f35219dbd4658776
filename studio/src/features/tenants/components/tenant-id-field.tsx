import { ActionIcon, CopyButton, TextInput, VisuallyHidden } from '@mantine/core'
import { IconCheck, IconCopy } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/**
 * The tenant's id, read-only, with a button that copies it: what a developer names in `X-Tenant-ID`
 * (a website's config, an API call). Not a secret, so it is shown whole. The copy is announced.
 */
export function TenantIdField({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation()
  return (
    <CopyButton value={tenantId}>
      {({ copied, copy }) => (
        <>
          <TextInput
            label={t('tenantId.label')}
            description={t('tenantId.help')}
            value={tenantId}
            readOnly
            maw={420}
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { fontFamily: 'monospace' } }}
            rightSection={
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal.9' : 'gray.8'}
                aria-label={copied ? t('tenantId.copied') : t('tenantId.copy')}
                onClick={copy}
              >
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            }
          />
          <VisuallyHidden role="status">{copied ? t('tenantId.copied') : ''}</VisuallyHidden>
        </>
      )}
    </CopyButton>
  )
}
