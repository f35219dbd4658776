import { Alert, Badge, Button, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type Content, restoreVersion, versionQuery, versionsQuery } from '../api/contents'
import { saveDraft } from '../api/drafts'
import { compareFields } from '../api/editing'
import { comparable, FieldDiffs } from './content-diff'

/**
 * The content's versions in a drawer: the list (newest first, draft saves marked); a version
 * compared with the current content (word by word, per field); restoring it (a new version with its
 * text, docs/decisions/content.md; for a published content, into its draft). `onRestored` gets the
 * content the restore saved; without it (a member who may not change the content) versions are
 * only compared.
 */
export function VersionsPanel({
  tenantId,
  content,
  opened,
  onClose,
  onRestored,
}: {
  tenantId: string
  content: Content
  opened: boolean
  onClose: () => void
  onRestored?: ((content: Content) => void) | undefined
}) {
  const { t, i18n } = useTranslation()
  const [chosen, setChosen] = useState<string>()
  const versions = useQuery({ ...versionsQuery(tenantId, content.id), enabled: opened })
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })

  return (
    <Drawer
      opened={opened}
      onClose={() => {
        setChosen(undefined)
        onClose()
      }}
      title={t('editor.versions.title')}
      position="right"
      size="xl"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {versions.error ? (
        <Alert color="red" role="alert">
          {versions.error.message}
        </Alert>
      ) : !versions.data ? (
        <Loader aria-label={t('app.loading')} />
      ) : (
        <Stack>
          <Table.ScrollContainer minWidth={420}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('editor.versions.version')}</Table.Th>
                  <Table.Th>{t('editor.versions.savedAt')}</Table.Th>
                  <Table.Th>{t('editor.versions.by')}</Table.Th>
                  <Table.Th>{t('editor.versions.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {versions.data.versions.map((version) => (
                  <Table.Tr key={version.id}>
                    <Table.Td>
                      {version.version}{' '}
                      {version.version === content.pendingDraft?.version ? (
                        <Badge size="sm" variant="filled" color="orange.9">
                          {t('editor.versions.pendingDraft')}
                        </Badge>
                      ) : version.draft ? (
                        <Badge size="sm" variant="light" color="gray">
                          {t('editor.versions.draft')}
                        </Badge>
                      ) : (
                        version.current && (
                          <Badge size="sm" variant="filled" color="teal.9">
                            {t('editor.versions.current')}
                          </Badge>
                        )
                      )}
                    </Table.Td>
                    <Table.Td>{when(version.createdAt)}</Table.Td>
                    <Table.Td>{version.createdByName}</Table.Td>
                    <Table.Td>
                      {!version.current && (
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={t('editor.versions.compareVersion', { version: version.version })}
                          onClick={() => setChosen(version.id)}
                        >
                          {t('editor.versions.compare')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {chosen !== undefined && (
            <Comparison
              key={chosen}
              tenantId={tenantId}
              content={content}
              versionId={chosen}
              onRestored={
                onRestored &&
                ((restored) => {
                  setChosen(undefined)
                  onRestored(restored)
                })
              }
            />
          )}
        </Stack>
      )}
    </Drawer>
  )
}

/** What restoring a version into a draft writes: its text, as the server's restore takes it. */
function restorable(snapshot: Record<string, unknown>) {
  const version = snapshot as Partial<Content>
  return {
    title: version.title ?? '',
    summary: version.summary ?? '',
    html: version.html ?? '',
    lexical: version.lexical ?? null,
    categories: version.categories ?? [],
    tags: version.tags ?? [],
    customFields: version.customFields ?? {},
    featuredMediaId: version.featuredMediaId ?? null,
    authorName: version.authorName ?? '',
  }
}

function Comparison({
  tenantId,
  content,
  versionId,
  onRestored,
}: {
  tenantId: string
  content: Content
  versionId: string
  onRestored?: ((content: Content) => void) | undefined
}) {
  const { t } = useTranslation()
  const { data, error } = useQuery(versionQuery(tenantId, content.id, versionId))
  const restore = useMutation({
    // A published content's old text goes into its draft, to be published from there; any
    // other content's is saved as it is (docs/decisions/content.md "Drafts of published contents").
    mutationFn: () =>
      content.status === 'published' && data
        ? saveDraft(tenantId, content.id, {
            ...restorable(data.version.content),
            expectedVersion: content.version,
          })
        : restoreVersion(tenantId, content.id, versionId),
    onSuccess: (answer) => onRestored?.(answer.content),
  })
  if (error) {
    return (
      <Alert color="red" role="alert">
        {error.message}
      </Alert>
    )
  }
  if (!data) return <Loader aria-label={t('app.loading')} />
  const fields = compareFields(comparable(data.version.content as Partial<Content>), comparable(content))
  return (
    <Stack component="section" aria-labelledby="version-comparison">
      <Title order={2} size="h4" id="version-comparison">
        {t('editor.versions.comparing', { version: data.version.version })}
      </Title>
      <Text size="sm">{t('editor.versions.legend')}</Text>
      {fields.length === 0 ? <Text>{t('editor.versions.same')}</Text> : <FieldDiffs fields={fields} />}
      {restore.error && (
        <Alert color="red" role="alert">
          {restore.error.message}
        </Alert>
      )}
      {onRestored && (
        <Group>
          <Button loading={restore.isPending} onClick={() => restore.mutate()}>
            {t('editor.versions.restore', { version: data.version.version })}
          </Button>
        </Group>
      )}
    </Stack>
  )
}
