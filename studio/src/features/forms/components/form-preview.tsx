import {
  Button,
  Checkbox,
  FileInput,
  Input,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Paper,
  Radio,
  Rating,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { localeName } from '../../../lib/locales'
import { type BuilderField, type BuilderForm, textIn } from '../api/definition'
import { useFormLanguages } from './form-languages'
import classes from './form-preview.module.css'

/** Up to this many languages are buttons side by side; more are a list to pick from. */
const MAX_SEGMENTS = 4

const INPUT_TYPES: Record<string, string> = { email: 'email', phone: 'tel', url: 'url', date: 'date' }

/** One field as a visitor gets it, in `language`. */
function PreviewField({ field, language }: { field: BuilderField; language: string }) {
  const { t } = useTranslation()
  const label = textIn(field.label, language) || field.id
  const description = textIn(field.helpText, language) || undefined
  const placeholder = textIn(field.placeholder, language) || undefined
  const options = field.options.map((option) => ({
    value: option.value || '—',
    label: textIn(option.label, language) || option.value || '—',
  }))
  const common = { label, description, required: field.required }
  switch (field.type) {
    case 'section':
      return (
        <div>
          <Title order={3} size="h4">
            {textIn(field.label, language)}
          </Title>
          {description && <Text size="sm">{description}</Text>}
        </div>
      )
    case 'hidden':
      return (
        <Text size="sm" c="dimmed">
          {t('forms.preview.hidden', { id: field.id })}
        </Text>
      )
    case 'textarea':
      return <Textarea {...common} placeholder={placeholder} autosize minRows={3} />
    case 'number':
      return (
        <NumberInput
          {...common}
          placeholder={placeholder}
          min={field.validation.min}
          max={field.validation.max}
        />
      )
    case 'select':
      return <NativeSelect {...common} data={[{ value: '', label: t('forms.preview.choose') }, ...options]} />
    case 'multi-select':
      return <MultiSelect {...common} data={options} placeholder={placeholder} />
    case 'radio':
      return (
        <Radio.Group {...common}>
          <Stack gap={4} mt={4}>
            {options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Stack>
        </Radio.Group>
      )
    case 'checkbox':
      return options.length > 0 ? (
        <Checkbox.Group {...common}>
          <Stack gap={4} mt={4}>
            {options.map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : (
        <Checkbox label={label} description={description} required={field.required} />
      )
    case 'file':
      return <FileInput {...common} placeholder={placeholder} clearable />
    case 'rating':
      return (
        <Input.Wrapper {...common} labelElement="div">
          <Rating
            count={field.validation.max ?? 5}
            aria-label={label}
            getSymbolLabel={(value) => t('forms.preview.stars', { count: value })}
          />
        </Input.Wrapper>
      )
    default:
      return <TextInput {...common} type={INPUT_TYPES[field.type] ?? 'text'} placeholder={placeholder} />
  }
}

/**
 * The form as a visitor sees it, redrawn as the builder changes it: title, description, the fields
 * and the submit button, in a language picked here. Submitting it only shows the success message:
 * nothing is sent.
 */
export function FormPreview({ form }: { form: BuilderForm }) {
  const { t, i18n } = useTranslation()
  const languages = useFormLanguages()
  const [picked, setLanguage] = useState<string>(i18n.language.split('-')[0] ?? '')
  // The app's language while the form has it, else the first of the builder's.
  const language = languages.includes(picked) ? picked : (languages[0] ?? picked)
  const choices = languages.map((code) => ({ value: code, label: localeName(code, i18n.language) }))
  const pick = (value: string) => {
    setLanguage(value)
    setSent(false)
  }
  const [sent, setSent] = useState(false)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setSent(true)
  }
  const description = textIn(form.description, language)
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="form-preview-heading"
      className={classes.preview}
      // Scrolled on its own beside the builder: reachable by the keyboard to scroll it.
      tabIndex={0}
    >
      <Stack>
        <Title order={2} size="h4" id="form-preview-heading">
          {t('forms.preview.title')}
        </Title>
        {languages.length <= MAX_SEGMENTS ? (
          <SegmentedControl
            aria-label={t('forms.preview.language')}
            value={language}
            onChange={pick}
            data={choices}
          />
        ) : (
          <NativeSelect
            label={t('forms.preview.language')}
            value={language}
            onChange={(event) => pick(event.currentTarget.value)}
            data={choices}
          />
        )}
        <div lang={language}>
          <Title order={3} size="h3">
            {textIn(form.title, language) || t('forms.untitled')}
          </Title>
          {description && <Text mt="xs">{description}</Text>}
          {sent ? (
            <Text mt="md" role="status">
              {textIn(form.settings.successMessage, language) || t('forms.preview.defaultSuccess')}
            </Text>
          ) : (
            <form onSubmit={onSubmit} noValidate aria-label={t('forms.preview.formLabel')}>
              <Stack mt="md" gap="sm">
                {form.fields.map((field) => (
                  <PreviewField key={field.key} field={field} language={language} />
                ))}
                <div>
                  <Button type="submit">
                    {textIn(form.settings.submitButtonText, language) || t('forms.preview.defaultSubmit')}
                  </Button>
                </div>
              </Stack>
            </form>
          )}
        </div>
      </Stack>
    </Paper>
  )
}
