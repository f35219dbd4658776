import { Button, Group, Image, Input, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { oneMediaQuery } from '../api/contents'
import { nameOf, thumbnailOf } from './media-picker'

/** The featured image: its thumbnail and name, with buttons to choose another or remove it. */
export function FeaturedImage({
  tenantId,
  mediaId,
  onChoose,
  onRemove,
  error,
}: {
  tenantId: string
  mediaId: string | null
  onChoose: () => void
  onRemove: () => void
  error?: string
}) {
  const { t } = useTranslation()
  const { data } = useQuery({ ...oneMediaQuery(tenantId, mediaId ?? ''), enabled: mediaId !== null })
  return (
    <Input.Wrapper label={t('editor.featured')} error={error}>
      {mediaId !== null && data && (
        <Group gap="sm" my="xs" wrap="nowrap">
          <Image src={thumbnailOf(data.media)} alt={data.media.altText ?? ''} w={64} h={64} radius="sm" />
          <Text size="sm" truncate>
            {nameOf(data.media)}
          </Text>
        </Group>
      )}
      <Group gap="xs" mt={mediaId === null ? 4 : 0}>
        <Button variant="default" size="xs" onClick={onChoose}>
          {mediaId === null ? t('editor.chooseFeatured') : t('editor.changeFeatured')}
        </Button>
        {mediaId !== null && (
          <Button variant="default" size="xs" onClick={onRemove}>
            {t('editor.removeFeatured')}
          </Button>
        )}
      </Group>
    </Input.Wrapper>
  )
}
