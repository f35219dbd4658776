import { Button, Group, Text, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { slugCheckQuery } from '../api/contents'

/**
 * The slug, checked as one types (`GET /api/contents/check-slug`, debounced): says whether it is
 * free, and when taken offers the API's suggestion. An empty slug is made from the title on save.
 */
export function SlugInput({
  tenantId,
  contentId,
  value,
  onChange,
  error,
}: {
  tenantId: string
  contentId: string | undefined
  value: string
  onChange: (slug: string) => void
  error?: string
}) {
  const { t } = useTranslation()
  const [slug] = useDebouncedValue(value.trim(), 400)
  const check = useQuery({ ...slugCheckQuery(tenantId, slug, contentId), enabled: slug !== '' })
  const answer = slug === value.trim() && slug !== '' ? check.data : undefined
  const taken = answer !== undefined && !answer.available
  return (
    <div>
      <TextInput
        label={t('contents.fields.slug')}
        description={
          answer?.available ? t('editor.slugAvailable', { slug: answer.slug }) : t('editor.slugHint')
        }
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error ?? (taken ? t('editor.slugTaken', { slug: answer.slug }) : undefined)}
      />
      {taken && answer.suggestion && (
        <Group gap="xs" mt={4}>
          <Text size="sm">{t('editor.slugSuggestion', { slug: answer.suggestion })}</Text>
          <Button variant="default" size="compact-sm" onClick={() => onChange(answer.suggestion ?? '')}>
            {t('editor.useSuggestion')}
          </Button>
        </Group>
      )}
    </div>
  )
}
