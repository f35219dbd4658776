import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** Filled badges in shades dark enough for white text (WCAG AA). */
const COLORS: Record<string, string> = {
  draft: 'gray.7',
  published: 'teal.9',
  scheduled: 'blue.8',
  archived: 'dark.6',
}

/** A content's status, in words and colour. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation()
  return (
    <Badge color={COLORS[status] ?? 'gray.7'} variant="filled">
      {t(`contents.status.${status}`, { defaultValue: status })}
    </Badge>
  )
}
