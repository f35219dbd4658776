import {
  Alert,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type FieldErrors, fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { type Media, type MediaDetails, mediaUsageQuery, updateMediaDetails } from '../api/media'

/** A media item's name as the library shows it. */
export const mediaName = (media: Media) => media.originalName ?? media.title ?? media.id

/**
 * A media item's details in a dialog: title, alt text, caption and tags (saved together), and
 * where the item is used (contents, galleries, collection entries), so a deletion is no surprise.
 */
export function MediaDetailsModal({
  tenantId,
  media,
  onClose,
  mayEdit,
}: {
  tenantId: string
  media: Media | undefined
  onClose: () => void
  /** `media:update`: the details are a form, or read-only. */
  mayEdit: boolean
}) {
  const { t } = useTranslation()
  return (
    <Modal
      opened={media !== undefined}
      onClose={onClose}
      title={media ? t('media.detailsOf', { name: mediaName(media) }) : ''}
      closeButtonProps={{ 'aria-label': t('app.close') }}
      size="lg"
    >
      {media && (
        <DetailsBody key={media.id} tenantId={tenantId} media={media} onSaved={onClose} mayEdit={mayEdit} />
      )}
    </Modal>
  )
}

function DetailsBody({
  tenantId,
  media,
  onSaved,
  mayEdit,
}: {
  tenantId: string
  media: Media
  onSaved: () => void
  mayEdit: boolean
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [tags, setTags] = useState<string[]>(media.tags)
  const [errors, setErrors] = useState<FieldErrors>({})
  const usage = useQuery(mediaUsageQuery(tenantId, media.id))
  const save = useMutation({
    mutationFn: (details: MediaDetails) => updateMediaDetails(tenantId, media.id, details),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'media'] })
      notifySuccess(t('media.detailsSaved', { name: mediaName(media) }))
      onSaved()
    },
    onError: (failure) => setErrors(fieldErrors(failure)),
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setErrors({})
    const form = new FormData(event.currentTarget)
    save.mutate({
      title: String(form.get('title')),
      altText: String(form.get('altText')),
      caption: String(form.get('caption')),
      tags,
    })
  }
  return (
    <Stack>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            name="title"
            label={t('media.titleField')}
            defaultValue={media.title ?? ''}
            readOnly={!mayEdit}
            error={errors.title}
          />
          <TextInput
            name="altText"
            label={t('media.altText')}
            defaultValue={media.altText ?? ''}
            readOnly={!mayEdit}
            error={errors.altText}
          />
          <Textarea
            name="caption"
            label={t('media.caption')}
            autosize
            minRows={2}
            defaultValue={media.caption ?? ''}
            readOnly={!mayEdit}
            error={errors.caption}
          />
          <TagsInput
            label={t('media.tags')}
            description={t('media.tagsHint')}
            value={tags}
            onChange={setTags}
            readOnly={!mayEdit}
            error={errors.tags}
            clearable={mayEdit}
            clearButtonProps={{ 'aria-label': t('media.clearTags') }}
          />
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          {mayEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('media.saveDetails')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <section aria-labelledby="media-usage-title">
        <Title order={2} size="h4" id="media-usage-title">
          {t('media.usage.title')}
        </Title>
        {usage.error ? (
          <Alert color="red" role="alert">
            {usage.error.message}
          </Alert>
        ) : !usage.data ? (
          <Loader size="sm" aria-label={t('media.usage.loading')} />
        ) : usage.data.usage.length === 0 ? (
          <Text size="sm">{t('media.usage.none')}</Text>
        ) : (
          <List size="sm">
            {usage.data.usage.map((use) => (
              <List.Item key={`${use.kind}-${use.id}-${use.role}`}>
                {t(`media.usage.${use.kind}`, { title: use.title })} — {t(`media.usage.role.${use.role}`)}
                {use.status ? ` (${use.status})` : ''}
              </List.Item>
            ))}
          </List>
        )}
      </section>
    </Stack>
  )
}
