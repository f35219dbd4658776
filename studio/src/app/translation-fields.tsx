import { Fieldset, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { localeName, type TenantLocales } from '../lib/locales'
import { type Translations, withTranslation } from '../lib/translations'

/** A member a record keeps per locale (`name`, `slug`, `title`), as its form labels it. */
export interface TranslatedMember {
  key: string
  label: string
  /** A text of several lines (a description). */
  multiline?: boolean
}

/**
 * A record's values in the tenant's other locales (docs/decisions/localization.md "Field-level
 * localization"), below the form's own fields, which are the default locale's and required: one
 * compact group per other locale in the tenant's order, each member optional, its placeholder the
 * default's value it falls back to. Nothing when the tenant has one locale. `errors` are the form's:
 * `translations/<locale>/<member>` at that input, `translations/<locale>` and `translations` above.
 */
export function TranslationFields({
  locales,
  members,
  value,
  defaults,
  onChange,
  errors,
}: {
  locales: TenantLocales | undefined
  members: TranslatedMember[]
  value: Translations
  /** The default locale's values (the form's own fields), shown as what an empty field falls back to. */
  defaults: Record<string, string>
  onChange: (value: Translations) => void
  errors: Record<string, string | undefined>
}) {
  const { t, i18n } = useTranslation()
  if (locales === undefined || locales.available.length < 2) return null
  const others = locales.available.filter((locale) => locale !== locales.default)
  const input = (locale: string, member: TranslatedMember) => {
    const props = {
      label: t('translations.field', { label: member.label, locale }),
      lang: locale,
      placeholder: defaults[member.key] ?? '',
      value: value[locale]?.[member.key] ?? '',
      error: errors[`translations/${locale}/${member.key}`],
      onChange: (event: { currentTarget: { value: string } }) =>
        onChange(withTranslation(value, locale, member.key, event.currentTarget.value)),
    }
    return member.multiline ? (
      <Textarea key={member.key} {...props} autosize minRows={2} />
    ) : (
      <TextInput key={member.key} {...props} />
    )
  }
  return (
    <Stack gap="xs">
      <div>
        <Text fw={500} size="sm">
          {t('translations.title')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('translations.help', {
            locale: locales.default,
            name: localeName(locales.default, i18n.language),
          })}
        </Text>
      </div>
      {errors.translations && (
        <Text size="sm" c="red.9" role="alert">
          {errors.translations}
        </Text>
      )}
      {others.map((locale) => {
        const whole = errors[`translations/${locale}`] && (
          <Text size="sm" c="red.9" role="alert">
            {errors[`translations/${locale}`]}
          </Text>
        )
        // One member is one field a locale: no group around it.
        if (members.length === 1) {
          return (
            <Stack key={locale} gap={4}>
              {input(locale, members[0] as TranslatedMember)}
              {whole}
            </Stack>
          )
        }
        return (
          <Fieldset
            key={locale}
            legend={`${locale} (${localeName(locale, i18n.language)})`}
            variant="filled"
            p="sm"
          >
            <Stack gap="xs">
              {whole}
              {members.map((member) => input(locale, member))}
            </Stack>
          </Fieldset>
        )
      })}
    </Stack>
  )
}
