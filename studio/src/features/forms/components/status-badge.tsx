import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** Filled badges in shades dark enough for white text (WCAG AA). */
const COLORS: Record<string, string> = {
  draft: 'gray.7',
  published: 'teal.9',
  archived: 'dark.6',
  pending: 'blue.8',
  processed: 'teal.9',
  spam: 'orange.9',
  deleted: 'red.9',
}

/** A form's or a response's status, in words and colour. */
export function FormStatusBadge({ status, kind }: { status: string; kind: 'form' | 'response' }) {
  const { t } = useTranslation()
  return (
    <Badge color={COLORS[status] ?? 'gray.7'} variant="filled">
      {t(`forms.${kind}Status.${status}`, { defaultValue: status })}
    </Badge>
  )
}
