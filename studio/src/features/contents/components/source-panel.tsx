import { Alert, CloseButton, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { localeName } from '../../../lib/locales'
import { contentQuery } from '../api/contents'
import { HtmlPreview } from './html-preview'

/**
 * Another translation of the content, read-only beside the form while translating (docs/decisions/studio.md
 * "Languages"): its title, summary and body as stored, the body drawn in a frame where nothing runs.
 * Its texts carry their language (`lang`), so a screen reader reads them in it.
 */
export function SourcePanel({
  tenantId,
  sourceId,
  onClose,
}: {
  tenantId: string
  sourceId: string
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const headingId = useId()
  const { data, error } = useQuery(contentQuery(tenantId, sourceId))
  const source = data?.content
  return (
    <Paper component="aside" withBorder p="md" radius="md" aria-labelledby={headingId} bg="gray.0">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4" id={headingId}>
            {source
              ? t('editor.source.title', {
                  locale: source.locale,
                  name: localeName(source.locale, i18n.language),
                })
              : t('editor.source.loading')}
          </Title>
          <CloseButton aria-label={t('editor.source.close')} onClick={onClose} />
        </Group>
        {error ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : !source ? (
          <Loader size="sm" aria-label={t('app.loading')} />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('editor.source.readOnly')}
            </Text>
            <div>
              <Text size="sm" fw={500}>
                {t('contents.fields.title')}
              </Text>
              <Text lang={source.locale}>{source.title}</Text>
            </div>
            {source.summary !== '' && (
              <div>
                <Text size="sm" fw={500}>
                  {t('contents.fields.summary')}
                </Text>
                <Text size="sm" lang={source.locale}>
                  {source.summary}
                </Text>
              </div>
            )}
            <div>
              <Text size="sm" fw={500}>
                {t('contents.fields.body')}
              </Text>
              <HtmlPreview
                html={`<div lang="${source.locale}">${source.html}</div>`}
                title={t('editor.source.body', { locale: source.locale })}
              />
            </div>
          </>
        )}
      </Stack>
    </Paper>
  )
}
