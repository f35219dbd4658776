import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AnchorLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import { type ComparedText, compareTexts, textOfHtml } from '../api/compare'
import { contentQuery, restoreVersion, versionQuery, versionsQuery } from '../api/contents'
import { Changes } from '../components/changes'

const route = getRouteApi('/signed-in/t/$tenantId/contents/$contentId/versions')

/** A content's versions: compare one with the current text, restore it. */
export function ContentVersionsPage() {
  const { t, i18n } = useTranslation()
  const { tenantId, contentId } = route.useParams()
  const current = useQuery(contentQuery(tenantId, contentId))
  const versions = useQuery(versionsQuery(tenantId, contentId))
  const [chosen, setChosen] = useState<string | undefined>()
  const [restoring, setRestoring] = useState(false)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
  const restore = useMutation({
    mutationFn: (versionId: string) => restoreVersion(contentId, versionId),
    onSuccess: async ({ content }) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'contents'] })
      notifySuccess(t('versions.restored', { title: content.title }))
      await navigate({ to: '/t/$tenantId/contents/$contentId', params: { tenantId, contentId } })
    },
  })
  const failure = current.error ?? versions.error
  if (failure) {
    return (
      <Alert color="red" role="alert">
        {failure.message}
      </Alert>
    )
  }
  if (!current.data || !versions.data) return <Loader aria-label={t('app.loading')} />
  const chosenVersion = versions.data.versions.find((version) => version.id === chosen)

  return (
    <Stack maw={900}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('versions.title', { title: current.data.content.title })}
        </Title>
        <AnchorLink to="/t/$tenantId/contents/$contentId" params={{ tenantId, contentId }}>
          {t('versions.backToEditor')}
        </AnchorLink>
      </Group>
      <Table.ScrollContainer
        minWidth={560}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={t('versions.list')}
      >
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('versions.version')}</Table.Th>
              <Table.Th>{t('versions.savedAt')}</Table.Th>
              <Table.Th>{t('versions.savedBy')}</Table.Th>
              <Table.Th>{t('contents.fields.title')}</Table.Th>
              <Table.Th>{t('categories.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versions.data.versions.map((version) => (
              <Table.Tr key={version.id} aria-selected={version.id === chosen}>
                <Table.Td>
                  {version.version}{' '}
                  {version.current && (
                    <Badge color="gray.7" variant="filled">
                      {t('versions.current')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{date.format(new Date(version.createdAt))}</Table.Td>
                <Table.Td>{version.createdByName}</Table.Td>
                <Table.Td>{version.title}</Table.Td>
                <Table.Td>
                  {!version.current && (
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={t('versions.compareOf', { version: version.version })}
                      onClick={() => setChosen(version.id)}
                    >
                      {t('versions.compare')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {chosenVersion && (
        <Comparison
          tenantId={tenantId}
          contentId={contentId}
          versionId={chosenVersion.id}
          versionNumber={chosenVersion.version}
          current={{
            title: current.data.content.title,
            summary: current.data.content.summary,
            body: textOfHtml(current.data.content.html ?? ''),
          }}
          onRestore={() => setRestoring(true)}
        />
      )}
      <Modal
        opened={restoring && chosenVersion !== undefined}
        onClose={() => setRestoring(false)}
        title={t('versions.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        <Stack>
          <Text>{t('versions.confirm', { version: chosenVersion?.version })}</Text>
          {restore.error && (
            <Alert color="red" role="alert">
              {restore.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRestoring(false)}>
              {t('app.cancel')}
            </Button>
            <Button
              loading={restore.isPending}
              onClick={() => chosenVersion && restore.mutate(chosenVersion.id)}
            >
              {t('versions.restore')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}

function Comparison({
  tenantId,
  contentId,
  versionId,
  versionNumber,
  current,
  onRestore,
}: {
  tenantId: string
  contentId: string
  versionId: string
  versionNumber: number
  current: ComparedText
  onRestore: () => void
}) {
  const { t } = useTranslation()
  const { data, error } = useQuery(versionQuery(tenantId, contentId, versionId))
  if (error) {
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    )
  }
  if (!data) return <Loader aria-label={t('app.loading')} />
  const snapshot = data.version.content as { title?: unknown; summary?: unknown; html?: unknown }
  const older: ComparedText = {
    title: typeof snapshot.title === 'string' ? snapshot.title : data.version.title,
    summary: typeof snapshot.summary === 'string' ? snapshot.summary : '',
    body: typeof snapshot.html === 'string' ? textOfHtml(snapshot.html) : '',
  }
  const changes = compareTexts(older, current)
  const labels = { removedLabel: t('versions.removed'), addedLabel: t('versions.added') }
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="comparison">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="comparison">
            {t('versions.comparison', { version: versionNumber })}
          </Title>
          <Button onClick={onRestore}>{t('versions.restoreThis', { version: versionNumber })}</Button>
        </Group>
        {(['title', 'summary', 'body'] as const).map((field) => (
          <div key={field}>
            <Text fw={600} size="sm">
              {t(`versions.fields.${field}`)}
            </Text>
            <Changes changes={changes[field]} {...labels} />
          </div>
        ))}
      </Stack>
    </Paper>
  )
}
