import { Alert, Badge, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { answerText } from '../api/answer-text'
import { textIn, textsOf } from '../api/definition'
import { responseQuery } from '../api/forms'
import { FormStatusBadge } from './status-badge'

/** One response in full: every answer under its field's label, then where and how it came. */
export function ResponseDrawer({
  tenantId,
  formId,
  responseId,
  onClose,
}: {
  tenantId: string
  formId: string
  responseId: string | undefined
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const { data, error } = useQuery({
    ...responseQuery(tenantId, formId, responseId ?? ''),
    enabled: responseId !== undefined,
  })
  const response = data?.response
  const metadata = (response?.fieldMetadata ?? {}) as Record<string, { label?: unknown }>
  return (
    <Drawer
      opened={responseId !== undefined}
      onClose={onClose}
      title={t('forms.responses.details')}
      position="right"
      size="lg"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : !response ? (
        <Loader aria-label={t('app.loading')} />
      ) : (
        <Stack>
          <Group gap="xs">
            <FormStatusBadge kind="response" status={response.status} />
            {response.flaggedAsSpam && (
              <Badge color="orange.9" variant="filled">
                {t('forms.responses.flagged')}
              </Badge>
            )}
            <Text size="sm">
              {new Date(response.createdAt).toLocaleString(i18n.language, {
                dateStyle: 'medium',
                timeStyle: 'short',
              })}
            </Text>
          </Group>
          <Table>
            <Table.Tbody>
              {Object.entries(response.data).map(([id, value]) => (
                <Table.Tr key={id}>
                  <Table.Th scope="row">{textIn(textsOf(metadata[id]?.label), i18n.language) || id}</Table.Th>
                  <Table.Td>{answerText(value)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row">{t('forms.responses.version')}</Table.Th>
                <Table.Td>{response.formVersion}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('forms.responses.source')}</Table.Th>
                <Table.Td>{[response.source, response.locale].filter(Boolean).join(' · ')}</Table.Td>
              </Table.Tr>
              {response.device && (
                <Table.Tr>
                  <Table.Th scope="row">{t('forms.responses.device')}</Table.Th>
                  <Table.Td>
                    {[response.device.type, response.device.os, response.device.browser].join(' · ')}
                  </Table.Td>
                </Table.Tr>
              )}
              {response.userEmail && (
                <Table.Tr>
                  <Table.Th scope="row">{t('forms.responses.user')}</Table.Th>
                  <Table.Td>
                    {response.userName ? `${response.userName} <${response.userEmail}>` : response.userEmail}
                  </Table.Td>
                </Table.Tr>
              )}
              {response.spamReasons.length > 0 && (
                <Table.Tr>
                  <Table.Th scope="row">{t('forms.responses.spamReasons')}</Table.Th>
                  <Table.Td>{response.spamReasons.join(', ')}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Drawer>
  )
}
