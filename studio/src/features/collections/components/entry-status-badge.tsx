import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** Filled badges in shades dark enough for white text (WCAG AA). */
const COLORS: Record<string, string> = { draft: 'gray.7', published: 'teal.9', archived: 'dark.6' }

/** An entry's status, in words and colour. */
export function EntryStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation()
  return (
    <Badge color={COLORS[status] ?? 'gray.7'} variant="filled">
      {t(`collections.entryStatus.${status}`, { defaultValue: status })}
    </Badge>
  )
}
