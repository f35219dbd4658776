import { Alert, Button, Checkbox, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { Dropzone } from '@mantine/dropzone'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../lib/errors'
import { AnchorLink } from '../../../lib/links'
import { type Import, type ImportOptions, importQuery, isFinished, startImport } from '../api/imports'
import { ImportProgress } from '../components/import-progress'

const route = getRouteApi('/signed-in/t/$tenantId/import')

/** WordPress exports are XML; browsers name their type either way, or not at all for `.xml`. */
const ACCEPT = { 'application/xml': ['.xml'], 'text/xml': ['.xml'] }

/**
 * The WordPress import: an export dropped or chosen, its options (copy the media files, or only
 * count), then the import followed live until it ends, with its counts and problems. Starting again
 * sends the same file with the same options: the server creates nothing twice.
 */
export function WordPressImportPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const search = route.useSearch()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File>()
  const [options, setOptions] = useState<ImportOptions>({ copyMedia: false, dryRun: false })
  const [rejected, setRejected] = useState(false)
  const followed = useQuery({
    ...importQuery(tenantId, search.import ?? ''),
    enabled: search.import !== undefined,
  })
  const start = useMutation({
    mutationFn: ({ upload, chosen }: { upload: File; chosen: ImportOptions }) =>
      startImport(tenantId, upload, chosen),
    onSuccess: async (started: Import) => {
      queryClient.setQueryData(importQuery(tenantId, started.id).queryKey, started)
      await navigate({
        to: '/t/$tenantId/import',
        params: { tenantId },
        search: { import: started.id },
      })
    },
  })
  const state = followed.data
  const running = state !== undefined && !isFinished(state)
  const error = start.error ? fieldErrors(start.error).form : undefined

  return (
    <Stack maw={820}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('imports.title')}
        </Title>
        <AnchorLink to="/t/$tenantId/imports" params={{ tenantId }}>
          {t('imports.history.link')}
        </AnchorLink>
      </Group>
      <Text>{t('imports.intro')}</Text>
      <Paper withBorder p="md" component="section" aria-labelledby="import-file-title">
        <Stack>
          <Title order={2} size="h3" id="import-file-title">
            {t('imports.fileTitle')}
          </Title>
          <Dropzone
            onDrop={(files) => {
              setRejected(false)
              setFile(files[0])
              start.reset()
            }}
            onReject={() => setRejected(true)}
            accept={ACCEPT}
            multiple={false}
            aria-label={t('imports.dropLabel')}
          >
            <Group justify="center" mih={90} style={{ pointerEvents: 'none' }}>
              <div>
                <Text size="lg">{t('imports.drop')}</Text>
                <Text size="sm" c="dimmed">
                  {t('imports.dropHint')}
                </Text>
              </div>
            </Group>
          </Dropzone>
          {rejected && (
            <Alert color="red" role="alert">
              {t('imports.notXml')}
            </Alert>
          )}
          <Text aria-live="polite">
            {file ? t('imports.chosen', { name: file.name, size: file.size }) : t('imports.noFile')}
          </Text>
          <Checkbox
            label={t('imports.copyMedia')}
            description={t('imports.copyMediaHint')}
            checked={options.copyMedia}
            onChange={(event) => setOptions({ ...options, copyMedia: event.currentTarget.checked })}
          />
          <Checkbox
            label={t('imports.dryRun')}
            description={t('imports.dryRunHint')}
            checked={options.dryRun}
            onChange={(event) => setOptions({ ...options, dryRun: event.currentTarget.checked })}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            <Button
              disabled={file === undefined || running}
              loading={start.isPending}
              onClick={() => file && start.mutate({ upload: file, chosen: options })}
            >
              {state && file ? t('imports.again') : t('imports.start')}
            </Button>
          </Group>
          {state && !file && isFinished(state) && <Text c="dimmed">{t('imports.againHint')}</Text>}
        </Stack>
      </Paper>
      {search.import !== undefined && (
        <Paper withBorder p="md" component="section" aria-label={t('imports.progressRegion')}>
          {followed.error ? (
            <Alert color="red" role="alert">
              {followed.error.message}
            </Alert>
          ) : state === undefined ? (
            <Skeleton h={240} />
          ) : (
            <ImportProgress state={state} />
          )}
        </Paper>
      )}
    </Stack>
  )
}
