import { Fieldset, Group, Textarea, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { localeName } from '../../../lib/locales'
import type { Texts } from '../api/definition'
import { useFormLanguages } from './form-languages'

/**
 * A multilingual text: one input per language of the builder (the tenant's locales), grouped under
 * `legend` (`Label`), each named with its language (`Label (English)`), so a screen reader and a
 * test tell them apart.
 */
export function TextsInput({
  legend,
  value,
  onChange,
  multiline = false,
  error,
}: {
  legend: string
  value: Texts
  onChange: (value: Texts) => void
  multiline?: boolean
  error?: string | undefined
}) {
  const { t, i18n } = useTranslation()
  const languages = useFormLanguages()
  const Input = multiline ? Textarea : TextInput
  return (
    <Fieldset legend={legend} variant="unstyled">
      <Group grow align="flex-start" wrap="wrap">
        {languages.map((language, index) => (
          <Input
            key={language}
            miw={160}
            label={t('forms.texts.inLanguage', {
              text: legend,
              language: localeName(language, i18n.language),
            })}
            lang={language}
            value={value[language] ?? ''}
            error={index === 0 ? error : undefined}
            autosize={multiline ? true : undefined}
            minRows={multiline ? 2 : undefined}
            onChange={(event) => onChange({ ...value, [language]: event.currentTarget.value })}
          />
        ))}
      </Group>
    </Fieldset>
  )
}
