import '@mantine/dropzone/styles.css'
import { Alert, Group, List, Progress, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Dropzone } from '@mantine/dropzone'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Pager } from '../../../app/pager'
import { notifySuccess } from '../../../lib/notify'
import { useCan } from '../../auth'
import {
  type CopyResult,
  copyExternalMedia,
  isExternal,
  type Media,
  mediaQuery,
  uploadMedia,
} from '../api/media'
import { pageState, toggled, without, withPage } from '../api/selection'
import { BulkBar } from '../components/bulk-bar'
import { MediaCard } from '../components/media-card'
import { MediaDetailsModal, mediaName } from '../components/media-details'
import { MediaTable } from '../components/media-table'

const route = getRouteApi('/signed-in/t/$tenantId/media')

interface Upload {
  id: number
  name: string
  progress: number
  error?: string
}

let nextUploadId = 0

/**
 * The tenant's media as a grid or a table, uploads by drop or file picker (with progress), bulk
 * tagging and deletion of the ticked items, each item's details (metadata and where used), and
 * the copy of external items' files into Folio, one or the ticked ones, with what could not be
 * copied and why.
 */
export function MediaLibraryPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const { page = 1, view = 'grid' } = route.useSearch()
  const navigate = route.useNavigate()
  const { data, error } = useQuery(mediaQuery(tenantId, page))
  const queryClient = useQueryClient()
  const [uploads, setUploads] = useState<Upload[]>([])
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set())
  const [details, setDetails] = useState<Media | undefined>()
  const pageIds = data?.media.map((media) => media.id) ?? []
  const can = useCan()
  const mayEdit = can('media:update')
  const mayDelete = can('media:delete')
  // Copying stores a new file, as an upload does.
  const mayCopy = can('media:create')
  // Ticking is for the bulk actions: without the right to any of them there is nothing to tick.
  const selectable = mayEdit || mayDelete || mayCopy
  // The media of the pages seen: the selection spans pages, and copying is for external ones only.
  const [seen, setSeen] = useState<ReadonlyMap<string, Media>>(new Map())
  useEffect(() => {
    if (data)
      setSeen((current) => new Map([...current, ...data.media.map((media) => [media.id, media] as const)]))
  }, [data])
  const [copyReport, setCopyReport] = useState<CopyResult | undefined>()
  const copy = useMutation({
    mutationFn: (ids: string[]) => copyExternalMedia(tenantId, ids),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'media'] })
      if (result.copied.length > 0) notifySuccess(t('media.external.copied', { count: result.copied.length }))
      setCopyReport(result.failed.length > 0 ? result : undefined)
    },
  })
  const copying = new Set<string>(copy.isPending ? (copy.variables ?? []) : [])
  const onCopy = mayCopy ? (ids: string[]) => copy.mutate(ids) : undefined
  const externalIds = [...selection].filter((id) => {
    const media = seen.get(id)
    return media !== undefined && isExternal(media)
  })

  const change = (id: number, patch: Partial<Upload>) =>
    setUploads((list) => list.map((upload) => (upload.id === id ? { ...upload, ...patch } : upload)))

  const onDrop = (files: File[]) => {
    for (const file of files) {
      const id = nextUploadId++
      setUploads((list) => [...list, { id, name: file.name, progress: 0 }])
      uploadMedia(tenantId, file, (fraction) => change(id, { progress: fraction * 100 }))
        .then(async () => {
          setUploads((list) => list.filter((upload) => upload.id !== id))
          await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'media'] })
        })
        .catch((failure: unknown) =>
          change(id, { error: failure instanceof Error ? failure.message : String(failure) }),
        )
    }
  }

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('media.title')}
        </Title>
        <SegmentedControl
          aria-label={t('media.view.label')}
          value={view}
          onChange={(value) =>
            navigate({
              search: (previous) => ({ ...previous, view: value === 'list' ? 'list' : undefined }),
              replace: true,
            })
          }
          data={[
            { value: 'grid', label: t('media.view.grid') },
            { value: 'list', label: t('media.view.list') },
          ]}
        />
      </Group>
      {can('media:create') && (
        <Dropzone onDrop={onDrop} multiple aria-label={t('media.dropLabel')}>
          <Group justify="center" mih={100} style={{ pointerEvents: 'none' }}>
            <div>
              <Text size="lg">{t('media.drop')}</Text>
              <Text size="sm" c="dimmed">
                {t('media.dropHint')}
              </Text>
            </div>
          </Group>
        </Dropzone>
      )}
      {uploads.length > 0 && (
        <Stack gap="xs" aria-live="polite">
          {uploads.map((upload) => (
            <div key={upload.id}>
              <Text size="sm">{upload.name}</Text>
              {upload.error ? (
                <Alert color="red" role="alert">
                  {upload.error}
                </Alert>
              ) : (
                <Progress value={upload.progress} aria-label={t('media.uploading', { name: upload.name })} />
              )}
            </div>
          ))}
        </Stack>
      )}
      {selection.size > 0 && (
        <BulkBar
          tenantId={tenantId}
          ids={[...selection]}
          onClear={() => setSelection(new Set())}
          onDeleted={(ids) => setSelection((current) => without(current, ids))}
          mayTag={mayEdit}
          mayDelete={mayDelete}
          externalIds={externalIds}
          onCopy={onCopy}
          copying={copy.isPending}
        />
      )}
      {copy.error && (
        <Alert color="red" role="alert">
          {copy.error.message}
        </Alert>
      )}
      {copyReport && (
        <Alert
          color="red"
          role="alert"
          title={t('media.external.notCopied', { count: copyReport.failed.length })}
          withCloseButton
          closeButtonLabel={t('app.close')}
          onClose={() => setCopyReport(undefined)}
        >
          <List size="sm">
            {copyReport.failed.map((failure) => {
              const media = seen.get(failure.id)
              return (
                <List.Item key={failure.id}>
                  {`${media ? mediaName(media) : failure.id}: ${failure.message}`}
                </List.Item>
              )
            })}
          </List>
        </Alert>
      )}
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : data?.media.length === 0 ? (
        <Text>{t('media.empty')}</Text>
      ) : view === 'list' ? (
        <MediaTable
          media={data?.media ?? []}
          selection={selection}
          pageSelection={pageState(selection, pageIds)}
          onSelect={selectable ? (id, on) => setSelection((current) => toggled(current, id, on)) : undefined}
          onSelectPage={
            selectable ? (on) => setSelection((current) => withPage(current, pageIds, on)) : undefined
          }
          onDetails={setDetails}
          onCopy={onCopy && ((media) => onCopy([media.id]))}
          copying={copying}
        />
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
          component="ul"
          p={0}
          style={{ listStyle: 'none' }}
        >
          {data?.media.map((media) => (
            <MediaCard
              key={media.id}
              tenantId={tenantId}
              media={media}
              selected={selection.has(media.id)}
              onSelect={
                selectable ? (on) => setSelection((current) => toggled(current, media.id, on)) : undefined
              }
              onDetails={() => setDetails(media)}
              mayEdit={mayEdit}
              onCopy={onCopy && (() => onCopy([media.id]))}
              copying={copying.has(media.id)}
            />
          ))}
        </SimpleGrid>
      )}
      {data && (
        <Pager
          pages={data.pagination.pages}
          page={page}
          onChange={(next) => navigate({ search: (previous) => ({ ...previous, page: next }) })}
        />
      )}
      <MediaDetailsModal
        tenantId={tenantId}
        media={details}
        onClose={() => setDetails(undefined)}
        mayEdit={mayEdit}
      />
    </Stack>
  )
}
