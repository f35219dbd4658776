import '@mantine/dropzone/styles.css'
import { Alert, Group, Progress, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Dropzone } from '@mantine/dropzone'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Pager } from '../../../app/pager'
import { useCan } from '../../auth'
import { type Media, mediaQuery, uploadMedia } from '../api/media'
import { pageState, toggled, without, withPage } from '../api/selection'
import { BulkBar } from '../components/bulk-bar'
import { MediaCard } from '../components/media-card'
import { MediaDetailsModal } from '../components/media-details'
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
 * tagging and deletion of the ticked items, and each item's details (metadata and where used).
 */
export function MediaLibraryPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const [page, setPage] = useState(1)
  const { data, error } = useQuery(mediaQuery(tenantId, page))
  const queryClient = useQueryClient()
  const [uploads, setUploads] = useState<Upload[]>([])
  const [view, setView] = useState<'grid' | 'list'>('grid')
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set())
  const [details, setDetails] = useState<Media | undefined>()
  const pageIds = data?.media.map((media) => media.id) ?? []
  const can = useCan()
  const mayEdit = can('media:update')
  const mayDelete = can('media:delete')
  // Ticking is for the bulk actions: without the right to any of them there is nothing to tick.
  const selectable = mayEdit || mayDelete

  const change = (id: number, patch: Partial<Upload>) =>
    setUploads((list) => list.map((upload) => (upload.id === id ? { ...upload, ...patch } : upload)))

  const onDrop = (files: File[]) => {
    for (const file of files) {
      const id = nextUploadId++
      setUploads((list) => [...list, { id, name: file.name, progress: 0 }])
      uploadMedia(file, (fraction) => change(id, { progress: fraction * 100 }))
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
          onChange={(value) => setView(value === 'list' ? 'list' : 'grid')}
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
        />
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
            />
          ))}
        </SimpleGrid>
      )}
      {data && <Pager pages={data.pagination.pages} page={page} onChange={setPage} />}
      <MediaDetailsModal
        tenantId={tenantId}
        media={details}
        onClose={() => setDetails(undefined)}
        mayEdit={mayEdit}
      />
    </Stack>
  )
}
