import { Badge, Button, Checkbox, Group, Image, Table, Text, VisuallyHidden } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Media } from '../api/media'
import { mediaName } from './media-details'

/** The library as a table: a tick box, preview, name, type, tags and a details button per item. */
export function MediaTable({
  media,
  selection,
  pageSelection,
  onSelect,
  onSelectPage,
  onDetails,
}: {
  media: Media[]
  selection: ReadonlySet<string>
  pageSelection: 'all' | 'some' | 'none'
  /** Tick items for bulk actions; absent (no boxes) when the member may take none. */
  onSelect?: ((id: string, on: boolean) => void) | undefined
  onSelectPage?: ((on: boolean) => void) | undefined
  onDetails: (media: Media) => void
}) {
  const { t } = useTranslation()
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {onSelect && onSelectPage && (
              <Table.Th w={40}>
                <Checkbox
                  checked={pageSelection === 'all'}
                  indeterminate={pageSelection === 'some'}
                  onChange={(event) => onSelectPage(event.currentTarget.checked)}
                  aria-label={t('media.selectPage')}
                />
              </Table.Th>
            )}
            <Table.Th w={64}>
              <VisuallyHidden>{t('media.preview')}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{t('media.name')}</Table.Th>
            <Table.Th>{t('media.type')}</Table.Th>
            <Table.Th>{t('media.tags')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('media.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {media.map((item) => {
            const name = mediaName(item)
            return (
              <Table.Tr key={item.id}>
                {onSelect && (
                  <Table.Td>
                    <Checkbox
                      checked={selection.has(item.id)}
                      onChange={(event) => onSelect(item.id, event.currentTarget.checked)}
                      aria-label={t('media.selectOf', { name })}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  {item.mimeType?.startsWith('image/') ? (
                    <Image
                      src={item.thumbnailUrl ?? item.url}
                      alt={item.altText ?? ''}
                      w={48}
                      h={48}
                      fit="cover"
                    />
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {name}
                  </Text>
                  {item.caption && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {item.caption}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{item.mimeType}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {item.tags.map((tag) => (
                      <Badge key={tag} variant="light" color="dark" tt="none">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onDetails(item)}
                    aria-label={t('media.detailsOf', { name })}
                  >
                    {t('media.details')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
