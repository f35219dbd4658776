import type { AnswerOf } from '@folio/client'
import { Button, Group, Image, Input, Stack, Text } from '@mantine/core'
import { useQueries } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MediaPicker, oneMediaQuery } from '../../contents'

type Media = AnswerOf<'getMedia'>['media']

const thumbnailOf = (media: Media) =>
  media.variants.find((variant) => variant.name === 'thumbnail')?.url ?? media.thumbnailUrl ?? media.url

/**
 * A media field: the chosen items (thumbnail and name, each removable) and a button opening the
 * media library's picker; `multiple` keeps a list, otherwise a choice replaces the value.
 */
export function MediaField({
  tenantId,
  label,
  description,
  required,
  multiple,
  value,
  onChange,
  error,
}: {
  tenantId: string
  label: string
  description?: string | undefined
  required: boolean
  multiple: boolean
  value: unknown
  onChange: (value: unknown) => void
  error?: string | undefined
}) {
  const { t } = useTranslation()
  const [picking, setPicking] = useState(false)
  const ids = (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []).filter(
    (id): id is string => typeof id === 'string',
  )
  const items = useQueries({ queries: ids.map((id) => oneMediaQuery(tenantId, id)) })
  const remove = (id: string) => {
    const rest = ids.filter((other) => other !== id)
    onChange(multiple ? (rest.length === 0 ? null : rest) : null)
  }

  return (
    <Input.Wrapper label={label} description={description} required={required} error={error}>
      <Stack gap="xs" mt={4}>
        {ids.map((id, index) => {
          const media = items[index]?.data?.media
          const name = media ? (media.title ?? media.originalName ?? id) : id
          return (
            <Group key={id} gap="sm" wrap="nowrap">
              {media && (
                <Image src={thumbnailOf(media)} alt={media.altText ?? ''} w={56} h={56} radius="sm" />
              )}
              <Text size="sm" truncate flex={1}>
                {name}
              </Text>
              <Button
                variant="default"
                size="xs"
                aria-label={t('collections.media.removeOf', { name, field: label })}
                onClick={() => remove(id)}
              >
                {t('collections.media.remove')}
              </Button>
            </Group>
          )
        })}
        <Button
          variant="default"
          size="xs"
          w="fit-content"
          aria-label={
            multiple || ids.length === 0
              ? t('collections.media.chooseFor', { field: label })
              : t('collections.media.changeFor', { field: label })
          }
          onClick={() => setPicking(true)}
        >
          {multiple || ids.length === 0 ? t('collections.media.choose') : t('collections.media.change')}
        </Button>
      </Stack>
      {picking && (
        <Suspense fallback={null}>
          <MediaPicker
            tenantId={tenantId}
            opened
            title={t('collections.media.pickerTitle', { field: label })}
            onClose={() => setPicking(false)}
            onPick={(media) =>
              onChange(multiple ? [...ids.filter((id) => id !== media.id), media.id] : media.id)
            }
          />
        </Suspense>
      )}
    </Input.Wrapper>
  )
}
