import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'

const COLORS: Record<string, string> = {
  active: 'teal.9',
  draft: 'gray.7',
  paused: 'yellow.9',
  archived: 'dark.4',
}

/** A placement's or an experience's status, in words (the colour only repeats them). */
export function StatusBadge({ kind, status }: { kind: 'placement' | 'experience'; status: string }) {
  const { t } = useTranslation()
  return (
    <Badge color={COLORS[status] ?? 'gray.7'} variant="filled">
      {t(kind === 'placement' ? `placements.status.${status}` : `placements.experienceStatus.${status}`)}
    </Badge>
  )
}
