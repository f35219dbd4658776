import '@mantine/dropzone/styles.css'
import {
  Alert,
  Center,
  Group,
  Image,
  Loader,
  Modal,
  Progress,
  SimpleGrid,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core'
import { Dropzone, IMAGE_MIME_TYPE } from '@mantine/dropzone'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Pager } from '../../../app/pager'
import { useCan } from '../../auth'
import { uploadMedia } from '../../media'
import { type PickerMedia, pickerMediaQuery } from '../api/contents'
import classes from './editor-panels.module.css'

/** The smallest rendition of an image that is ready, else the original. */
export function thumbnailOf(media: PickerMedia): string {
  return (
    media.variants.find((variant) => variant.name === 'thumbnail')?.url ?? media.thumbnailUrl ?? media.url
  )
}

/** A rendition fit for a body image (large, else medium, else the original). */
export function bodyImageOf(media: PickerMedia): string {
  const variant = ['large', 'medium'].map((name) => media.variants.find((v) => v.name === name)).find(Boolean)
  return variant?.url ?? media.url
}

export const nameOf = (media: PickerMedia) => media.title ?? media.originalName ?? media.id

/**
 * A dialog listing the tenant's images (search, pages); choosing one calls `onPick` and closes.
 * `title` says what the choice is for (an image in the body, the featured image). Who may upload
 * media drops or chooses an image file there too: it is uploaded through the media library's
 * presigned flow, then chosen.
 */
export function MediaPicker({
  tenantId,
  opened,
  title,
  onClose,
  onPick,
}: {
  tenantId: string
  opened: boolean
  title: string
  onClose: () => void
  onPick: (media: PickerMedia) => void
}) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), 300)
  const { data, error, isPending } = useQuery({
    ...pickerMediaQuery(tenantId, page, debounced),
    enabled: opened,
  })
  const mayUpload = useCan()('media:create')
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState(0)
  const [refused, setRefused] = useState(false)
  const upload = useMutation({
    mutationFn: (file: File) => uploadMedia(tenantId, file, setProgress),
    onMutate: () => {
      setProgress(0)
      setRefused(false)
    },
    onSuccess: async (media) => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'media'] })
      onPick(media)
      onClose()
    },
  })
  const close = () => {
    upload.reset()
    setRefused(false)
    onClose()
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      size="xl"
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      {mayUpload && (
        <>
          <Dropzone
            onDrop={(files) => {
              const [file] = files
              if (file) upload.mutate(file)
            }}
            onReject={() => setRefused(true)}
            accept={IMAGE_MIME_TYPE}
            multiple={false}
            loading={upload.isPending}
            aria-label={t('editor.picker.upload')}
            mb="md"
          >
            <Group justify="center" mih={64} style={{ pointerEvents: 'none' }}>
              <Text size="sm">{t('editor.picker.drop')}</Text>
            </Group>
          </Dropzone>
          {upload.isPending && (
            <Progress value={progress * 100} aria-label={t('editor.picker.uploading')} mb="md" />
          )}
          {(upload.error || refused) && (
            <Alert color="red" role="alert" mb="md">
              {upload.error ? upload.error.message : t('editor.picker.notAnImage')}
            </Alert>
          )}
        </>
      )}
      <TextInput
        label={t('editor.picker.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value)
          setPage(1)
        }}
        mb="md"
      />
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : isPending ? (
        <Center p="lg">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : data.media.length === 0 ? (
        <Text>{t('editor.picker.empty')}</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {data.media.map((media) => (
              <UnstyledButton
                key={media.id}
                className={classes.pick}
                aria-label={t('editor.picker.choose', { name: nameOf(media) })}
                onClick={() => {
                  onPick(media)
                  close()
                }}
              >
                <Image src={thumbnailOf(media)} alt="" h={96} fit="cover" radius="sm" />
                <Text size="xs" mt={4} truncate>
                  {nameOf(media)}
                </Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
          {data.pagination.pages > 1 && (
            <Group justify="center" mt="md">
              <Pager pages={data.pagination.pages} page={page} onChange={setPage} />
            </Group>
          )}
        </>
      )}
    </Modal>
  )
}
