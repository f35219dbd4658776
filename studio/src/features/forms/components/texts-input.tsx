import { Fieldset, Group, Textarea, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { LANGUAGES, type Texts } from '../api/definition'

/**
 * A multilingual text: one input per language, grouped under `legend` (`Label`), each named with
 * its language (`Label (English)`), so a screen reader and a test tell them apart.
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
  const { t } = useTranslation()
  const Input = multiline ? Textarea : TextInput
  return (
    <Fieldset legend={legend} variant="unstyled">
      <Group grow align="flex-start" wrap="wrap">
        {LANGUAGES.map((language, index) => (
          <Input
            key={language}
            miw={160}
            label={t('forms.texts.inLanguage', { text: legend, language: t(`forms.languages.${language}`) })}
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
