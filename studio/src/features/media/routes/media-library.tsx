import '@mantine/dropzone/styles.css'
import { Alert, Group, Pagination, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Dropzone } from '@mantine/dropzone'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { mediaQuery, uploadMedia } from '../api/media'
import { MediaCard } from '../components/media-card'

const route = getRouteApi('/signed-in/t/$tenantId/media')

interface Upload {
  id: number
  name: string
  progress: number
  error?: string
}

let nextUploadId = 0

/** The tenant's media: a grid with alt text, and uploads by drop or file picker, with progress. */
export function MediaLibraryPage() {
  const { t } = useTranslation()
  const { tenantId } = route.useParams()
  const [page, setPage] = useState(1)
  const { data, error } = useQuery(mediaQuery(tenantId, page))
  const queryClient = useQueryClient()
  const [uploads, setUploads] = useState<Upload[]>([])

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
      <Title order={1} size="h2">
        {t('media.title')}
      </Title>
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
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : data?.media.length === 0 ? (
        <Text>{t('media.empty')}</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
          component="ul"
          p={0}
          style={{ listStyle: 'none' }}
        >
          {data?.media.map((media) => (
            <MediaCard key={media.id} tenantId={tenantId} media={media} />
          ))}
        </SimpleGrid>
      )}
      {data && data.pagination.pages > 1 && (
        <Pagination
          total={data.pagination.pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`contents.paging.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('contents.paging.page', { page: item }) })}
        />
      )}
    </Stack>
  )
}
