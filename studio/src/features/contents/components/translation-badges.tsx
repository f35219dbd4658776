import { Badge, Group, VisuallyHidden } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { ButtonLink } from '../../../lib/links'
import { localeName, type TenantLocales } from '../../../lib/locales'
import { localeSlots, type Translation } from '../api/translations'

/**
 * A content's document at a glance, one badge per locale of the tenant: its own locale filled, the
 * other translations as links to them, the locales still missing outlined. Each says in words what
 * its look shows (for screen readers). `translations`: the list item's, so no read per row.
 */
export function TranslationBadges({
  tenantId,
  contentId,
  translations,
  locales,
}: {
  tenantId: string
  contentId: string
  translations: readonly Translation[]
  locales: TenantLocales
}) {
  const { t, i18n } = useTranslation()
  return (
    <Group gap={4} wrap="nowrap">
      {localeSlots(locales, translations).map(({ locale, translation }) => {
        const name = localeName(locale, i18n.language)
        if (translation === undefined) {
          return (
            <Badge key={locale} variant="outline" color="gray.7" tt="none" title={name}>
              {locale}
              <VisuallyHidden>{t('contents.locales.missing', { name })}</VisuallyHidden>
            </Badge>
          )
        }
        if (translation.id === contentId) {
          return (
            <Badge key={locale} variant="filled" color="blue.8" tt="none" title={name}>
              {locale}
              <VisuallyHidden>{t('contents.locales.this', { name })}</VisuallyHidden>
            </Badge>
          )
        }
        return (
          <ButtonLink
            key={locale}
            size="compact-xs"
            variant="light"
            to="/t/$tenantId/contents/$contentId"
            params={{ tenantId, contentId: translation.id }}
            title={translation.title}
          >
            {locale}
            <VisuallyHidden>{t('contents.locales.open', { name, title: translation.title })}</VisuallyHidden>
          </ButtonLink>
        )
      })}
    </Group>
  )
}
