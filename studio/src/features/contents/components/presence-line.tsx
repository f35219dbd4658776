import { Group, Text } from '@mantine/core'
import { IconUsers } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'

/**
 * "Ada is editing this content": the other members with the content open, named in the app's
 * language ("Ada and Grace"), announced politely when it changes. Nothing shows when none is.
 */
export function PresenceLine({ names }: { names: string[] }) {
  const { t, i18n } = useTranslation()
  const named = names.map((name) => (name === '' ? t('editor.presence.someone') : name))
  const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' }).format(named)
  return (
    <div role="status" aria-live="polite">
      {named.length > 0 && (
        <Group gap="xs" wrap="nowrap">
          <IconUsers size={18} aria-hidden />
          <Text size="sm">{t('editor.presence.editing', { count: named.length, names: list })}</Text>
        </Group>
      )}
    </div>
  )
}
