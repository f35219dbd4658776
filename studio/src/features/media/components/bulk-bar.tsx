import { Alert, Button, Group, Modal, Paper, Stack, TagsInput, Text } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notifySuccess } from '../../../lib/notify'
import { bulkDeleteMedia, bulkTagMedia } from '../api/media'

/**
 * Actions on the ticked media: add tags to all of them, copy the files of the external ones into
 * Folio, or delete them all (after a confirmation). `onDeleted` gets the ids the server removed,
 * so the selection drops them.
 */
export function BulkBar({
  tenantId,
  ids,
  onClear,
  onDeleted,
  mayTag,
  mayDelete,
  externalIds,
  onCopy,
  copying,
}: {
  tenantId: string
  ids: string[]
  onClear: () => void
  onDeleted: (ids: string[]) => void
  /** The member's rights (`media:update`, `media:delete`): the bar offers only these. */
  mayTag: boolean
  mayDelete: boolean
  /** The ticked media known to be external (their files elsewhere). */
  externalIds: string[]
  /** Copies the files of external media into Folio; absent when the member may not. */
  onCopy?: ((ids: string[]) => void) | undefined
  copying: boolean
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [tags, setTags] = useState<string[]>([])
  const [confirming, setConfirming] = useState(false)
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'media'] })
  const tag = useMutation({
    mutationFn: () => bulkTagMedia(tenantId, ids, tags),
    onSuccess: async (result) => {
      await refresh()
      setTags([])
      notifySuccess(t('media.bulk.tagged', { count: result.modified }))
    },
  })
  const remove = useMutation({
    mutationFn: () => bulkDeleteMedia(tenantId, ids),
    onSuccess: async (result) => {
      setConfirming(false)
      onDeleted(result.deletedIds)
      await refresh()
      notifySuccess(t('media.bulk.deleted', { count: result.deleted }))
    },
  })
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('media.bulk.label')}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" fw={600} aria-live="polite">
            {t('media.bulk.selected', { count: ids.length })}
          </Text>
          <Button size="xs" variant="subtle" onClick={onClear}>
            {t('media.bulk.clear')}
          </Button>
        </Group>
        <Group align="flex-end" gap="xs">
          {mayTag && (
            <>
              <TagsInput
                flex={1}
                miw={200}
                size="xs"
                label={t('media.bulk.tags')}
                value={tags}
                onChange={setTags}
                error={tag.error?.message}
              />
              <Button
                size="xs"
                disabled={tags.length === 0}
                loading={tag.isPending}
                onClick={() => tag.mutate()}
              >
                {t('media.bulk.addTags')}
              </Button>
            </>
          )}
          {onCopy && externalIds.length > 0 && (
            <Button size="xs" loading={copying} onClick={() => onCopy(externalIds)}>
              {t('media.external.copySelected', { count: externalIds.length })}
            </Button>
          )}
          {mayDelete && (
            <Button size="xs" color="red.8" onClick={() => setConfirming(true)}>
              {t('media.bulk.delete')}
            </Button>
          )}
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('media.bulk.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        <Stack>
          <Text>{t('media.bulk.confirm', { count: ids.length })}</Text>
          {remove.error && (
            <Alert color="red" role="alert">
              {remove.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('app.cancel')}
            </Button>
            <Button color="red.8" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('media.bulk.deleteConfirmed', { count: ids.length })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  )
}
