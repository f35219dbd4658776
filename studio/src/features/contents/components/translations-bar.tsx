import { Alert, Badge, Button, Group, Select, Stack, Text, VisuallyHidden } from '@mantine/core'
import { IconLanguage } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../../lib/links'
import { localeName, type TenantLocales } from '../../../lib/locales'
import { localeSlots, translationsQuery } from '../api/translations'

/**
 * The translations of the content open in the editor (docs/decisions/studio.md "Languages"): its
 * own locale, a link to each other translation, "Translate to …" for each locale still missing
 * (with `content:create`), and the translation shown read-only beside the form (`source`).
 * `onTranslate` makes the translation and opens it; its refusal shows here.
 */
export function TranslationsBar({
  tenantId,
  contentId,
  locales,
  source,
  canTranslate,
  onTranslate,
  onSource,
}: {
  tenantId: string
  contentId: string
  locales: TenantLocales
  /** The translation shown beside the form, when one is. */
  source: string | undefined
  canTranslate: boolean
  onTranslate: (locale: string) => Promise<void>
  onSource: (id: string | undefined) => void
}) {
  const { t, i18n } = useTranslation()
  const labelId = useId()
  const { data: translations, error } = useQuery(translationsQuery(tenantId, contentId))
  const [making, setMaking] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const translate = async (locale: string) => {
    setMaking(locale)
    setFailure(undefined)
    try {
      await onTranslate(locale)
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : String(caught))
    } finally {
      setMaking(undefined)
    }
  }
  const others = (translations ?? []).filter((translation) => translation.id !== contentId)

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <Group gap="xs" align="center">
        <Text size="sm" fw={500} id={labelId}>
          {t('editor.translations.label')}
        </Text>
        {error ? (
          <Text size="sm" c="red.9">
            {error.message}
          </Text>
        ) : (
          localeSlots(locales, translations ?? []).map(({ locale, translation }) => {
            const name = localeName(locale, i18n.language)
            if (translation?.id === contentId) {
              return (
                <Badge key={locale} variant="filled" color="blue.8" tt="none" size="lg" title={name}>
                  {locale}
                  <VisuallyHidden>{t('contents.locales.this', { name })}</VisuallyHidden>
                </Badge>
              )
            }
            if (translation !== undefined) {
              return (
                <ButtonLink
                  key={locale}
                  size="compact-sm"
                  variant="light"
                  to="/t/$tenantId/contents/$contentId"
                  params={{ tenantId, contentId: translation.id }}
                  title={translation.title}
                >
                  {locale}
                  <VisuallyHidden>
                    {t('contents.locales.open', { name, title: translation.title })}
                  </VisuallyHidden>
                </ButtonLink>
              )
            }
            return canTranslate && translations !== undefined ? (
              <Button
                key={locale}
                size="compact-sm"
                variant="default"
                leftSection={<IconLanguage size={14} aria-hidden />}
                loading={making === locale}
                disabled={making !== undefined && making !== locale}
                onClick={() => void translate(locale)}
              >
                {t('editor.translations.translate', { locale })}
              </Button>
            ) : (
              <Badge key={locale} variant="outline" color="gray.7" tt="none" size="lg" title={name}>
                {locale}
                <VisuallyHidden>{t('contents.locales.missing', { name })}</VisuallyHidden>
              </Badge>
            )
          })
        )}
        {others.length > 0 && (
          <Select
            size="xs"
            w={220}
            label={t('editor.translations.source')}
            clearable
            placeholder={t('editor.translations.noSource')}
            value={source ?? null}
            data={others.map((translation) => ({
              value: translation.id,
              label: `${translation.locale}: ${translation.title}`,
            }))}
            onChange={(value) => onSource(value ?? undefined)}
          />
        )}
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  )
}
