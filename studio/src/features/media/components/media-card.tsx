import { Badge, Button, Card, Checkbox, Group, Image, Stack, Text, TextInput } from '@mantine/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../lib/errors'
import { notifySuccess } from '../../../lib/notify'
import { externalFile, isExternal, type Media, setAltText } from '../api/media'

/**
 * One item of the library: its preview, name and alternative text (editable), a box that ticks
 * it for bulk actions, and a button opening its details. An external item (its file left on
 * another site) is badged, shows its file's name and type instead of loading it, and offers to
 * copy the file into Folio.
 */
export function MediaCard({
  tenantId,
  media,
  selected,
  onSelect,
  onDetails,
  mayEdit,
  onCopy,
  copying = false,
}: {
  tenantId: string
  media: Media
  selected: boolean
  /** Ticks it for bulk actions; absent when the member may take none. */
  onSelect?: ((on: boolean) => void) | undefined
  onDetails: () => void
  /** `media:update`: the alternative text is edited in place, or only shown. */
  mayEdit: boolean
  /** Copies an external item's file into Folio; absent when the member may not (`media:create`). */
  onCopy?: (() => void) | undefined
  /** Its copy is under way. */
  copying?: boolean
}) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | undefined>()
  const name = media.originalName ?? media.title ?? media.id
  const isImage = media.mimeType?.startsWith('image/') ?? false
  const external = isExternal(media)
  const file = externalFile(media)
  const mutation = useMutation({
    mutationFn: (altText: string) => setAltText(tenantId, media.id, altText),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'media'] })
      notifySuccess(t('media.altSaved', { name }))
    },
    onError: (failure) => {
      const errors = fieldErrors(failure)
      setError(errors.altText ?? errors.form)
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setError(undefined)
    mutation.mutate(String(new FormData(event.currentTarget).get('altText')))
  }
  return (
    <Card withBorder padding="sm" radius="md" component="li">
      <Card.Section>
        {external ? (
          <Stack gap={4} p="md" h={140} justify="center" bg="gray.0">
            <Text size="sm" fw={600} truncate="end" title={file.name}>
              {file.name}
            </Text>
            <Text size="xs">{t('media.external.fileType', { type: file.type || '—' })}</Text>
            <Text size="xs">{t('media.external.where')}</Text>
          </Stack>
        ) : isImage ? (
          <Image src={media.thumbnailUrl ?? media.url} alt={media.altText ?? ''} h={140} fit="cover" />
        ) : (
          <Text p="md" c="dimmed" h={140}>
            {media.mimeType}
          </Text>
        )}
      </Card.Section>
      <Group gap="xs" mt="xs" wrap="nowrap">
        {onSelect && (
          <Checkbox
            checked={selected}
            onChange={(event) => onSelect(event.currentTarget.checked)}
            aria-label={t('media.selectOf', { name })}
          />
        )}
        <Text size="sm" fw={600} truncate="end" title={name} flex={1}>
          {name}
        </Text>
        <Button size="xs" variant="subtle" onClick={onDetails} aria-label={t('media.detailsOf', { name })}>
          {t('media.details')}
        </Button>
      </Group>
      {external && (
        <Group gap="xs" mt="xs" justify="space-between">
          <Badge variant="filled" color="grape.9">
            {t('media.external.badge')}
          </Badge>
          {onCopy && (
            <Button
              size="xs"
              variant="default"
              onClick={onCopy}
              loading={copying}
              aria-label={t('media.external.copyOf', { name })}
            >
              {t('media.external.copy')}
            </Button>
          )}
        </Group>
      )}
      {!mayEdit ? (
        <Text size="xs" c="dimmed" mt="xs">
          {t('media.altText')}: {media.altText || '—'}
        </Text>
      ) : (
        <form onSubmit={submit}>
          <Group align="flex-end" gap="xs" wrap="nowrap" mt="xs">
            <TextInput
              name="altText"
              size="xs"
              flex={1}
              label={t('media.altText')}
              aria-label={t('media.altTextOf', { name })}
              defaultValue={media.altText ?? ''}
              error={error}
            />
            <Button
              type="submit"
              size="xs"
              variant="default"
              loading={mutation.isPending}
              aria-label={t('media.saveAltOf', { name })}
            >
              {t('media.save')}
            </Button>
          </Group>
        </form>
      )}
    </Card>
  )
}
