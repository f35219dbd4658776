import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { DeliveryStatus } from '../api/search'

const COLORS: Record<DeliveryStatus, string> = { pending: 'gray.8', succeeded: 'teal.9', failed: 'red.9' }

/** A delivery's status as a badge: named in words, the colour only repeats it. */
export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation()
  return (
    <Badge variant="filled" color={COLORS[status]}>
      {t(`webhooks.statuses.${status}`)}
    </Badge>
  )
}
