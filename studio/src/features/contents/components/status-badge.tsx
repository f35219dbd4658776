import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'

const COLORS: Record<string, string> = {
  draft: 'gray',
  published: 'green',
  scheduled: 'blue',
  archived: 'dark',
}

/** A content's status, in words and colour. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation()
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light">
      {t(`contents.status.${status}`, { defaultValue: status })}
    </Badge>
  )
}
