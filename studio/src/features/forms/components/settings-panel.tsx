import { Alert, Fieldset, NumberInput, Select, Stack, Switch, TagsInput, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { BuilderForm, BuilderSettings } from '../api/definition'
import { TextsInput } from './texts-input'

/**
 * The form's own members (title, slug, description, visibility) and its settings: button and
 * success texts, browser submission, anti-spam, notification recipients. `errors` by member name.
 */
export function SettingsPanel({
  form,
  onChange,
  errors,
}: {
  form: BuilderForm
  onChange: (form: BuilderForm) => void
  errors: Record<string, string>
}) {
  const { t } = useTranslation()
  const setSettings = (patch: Partial<BuilderSettings>) =>
    onChange({ ...form, settings: { ...form.settings, ...patch } })
  const settings = form.settings
  return (
    <Stack>
      <TextsInput
        legend={t('forms.settings.title')}
        value={form.title}
        error={errors.title}
        onChange={(title) => onChange({ ...form, title })}
      />
      <TextInput
        label={t('forms.settings.slug')}
        description={t('forms.settings.slugHelp')}
        value={form.slug}
        error={errors.slug}
        onChange={(event) => onChange({ ...form, slug: event.currentTarget.value })}
      />
      <TextsInput
        legend={t('forms.settings.description')}
        multiline
        value={form.description}
        error={errors.description}
        onChange={(description) => onChange({ ...form, description })}
      />
      <Select
        label={t('forms.settings.visibility')}
        allowDeselect={false}
        value={form.visibility}
        error={errors.visibility}
        data={[
          { value: 'public', label: t('forms.settings.public') },
          { value: 'authenticated', label: t('forms.settings.authenticated') },
        ]}
        onChange={(value) => value && onChange({ ...form, visibility: value as BuilderForm['visibility'] })}
      />
      <TextsInput
        legend={t('forms.settings.submitButtonText')}
        value={settings.submitButtonText}
        onChange={(submitButtonText) => setSettings({ submitButtonText })}
      />
      <TextsInput
        legend={t('forms.settings.successMessage')}
        value={settings.successMessage}
        onChange={(successMessage) => setSettings({ successMessage })}
      />
      <Fieldset legend={t('forms.settings.submission')}>
        <Stack gap="sm">
          {errors.settings && (
            <Alert color="red" role="alert">
              {errors.settings}
            </Alert>
          )}
          <Switch
            label={t('forms.settings.browserSubmission')}
            description={t('forms.settings.browserSubmissionHelp')}
            checked={settings.browserSubmission}
            onChange={(event) => setSettings({ browserSubmission: event.currentTarget.checked })}
          />
          <Select
            label={t('forms.settings.captcha')}
            allowDeselect={false}
            value={settings.captcha === undefined ? 'default' : settings.captcha ? 'on' : 'off'}
            data={[
              { value: 'default', label: t('forms.settings.captchaDefault') },
              { value: 'on', label: t('forms.settings.captchaOn') },
              { value: 'off', label: t('forms.settings.captchaOff') },
            ]}
            onChange={(value) =>
              setSettings({ captcha: value === 'on' ? true : value === 'off' ? false : undefined })
            }
          />
          <Switch
            label={t('forms.settings.honeypot')}
            checked={settings.honeypot}
            onChange={(event) => setSettings({ honeypot: event.currentTarget.checked })}
          />
          <NumberInput
            label={t('forms.settings.minFillSeconds')}
            description={t('forms.settings.minFillSecondsHelp')}
            min={0}
            max={3600}
            allowDecimal={false}
            value={settings.minFillSeconds ?? ''}
            onChange={(value) =>
              setSettings({ minFillSeconds: typeof value === 'number' ? value : undefined })
            }
          />
          <TagsInput
            label={t('forms.settings.recipients')}
            description={t('forms.settings.recipientsHelp')}
            value={settings.recipients}
            error={errors.recipients}
            onChange={(recipients) => setSettings({ recipients })}
          />
        </Stack>
      </Fieldset>
    </Stack>
  )
}
