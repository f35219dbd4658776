import { Badge, Button, Checkbox, Group, Image, Table, Text, VisuallyHidden } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { externalFile, isExternal, type Media } from '../api/media'
import { mediaName } from './media-details'

/**
 * The library as a table: a tick box, preview, name, type, tags and a details button per item; an
 * external item is badged, previewed by nothing (its file is elsewhere), and offers its copy.
 */
export function MediaTable({
  media,
  selection,
  pageSelection,
  onSelect,
  onSelectPage,
  onDetails,
  onCopy,
  copying,
}: {
  media: Media[]
  selection: ReadonlySet<string>
  pageSelection: 'all' | 'some' | 'none'
  /** Tick items for bulk actions; absent (no boxes) when the member may take none. */
  onSelect?: ((id: string, on: boolean) => void) | undefined
  onSelectPage?: ((on: boolean) => void) | undefined
  onDetails: (media: Media) => void
  /** Copies an external item's file into Folio; absent when the member may not. */
  onCopy?: ((media: Media) => void) | undefined
  /** Ids whose copy is under way. */
  copying: ReadonlySet<string>
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
            const external = isExternal(item)
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
                  {!external && item.mimeType?.startsWith('image/') ? (
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
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {name}
                    </Text>
                    {external && (
                      <Badge variant="filled" color="grape.9">
                        {t('media.external.badge')}
                      </Badge>
                    )}
                  </Group>
                  {external && (
                    <Text size="xs" c="dimmed" truncate="end" title={item.url}>
                      {externalFile(item).name}
                    </Text>
                  )}
                  {item.caption && (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {item.caption}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{external ? externalFile(item).type : item.mimeType}</Text>
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
                  {external && onCopy && (
                    <Button
                      size="xs"
                      variant="default"
                      mr="xs"
                      onClick={() => onCopy(item)}
                      loading={copying.has(item.id)}
                      aria-label={t('media.external.copyOf', { name })}
                    >
                      {t('media.external.copy')}
                    </Button>
                  )}
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
