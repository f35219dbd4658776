import { requestBodies } from '@folio/client'
import { Alert, Fieldset, Grid, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AnchorLink } from '../../../lib/links'
import { notifySuccess } from '../../../lib/notify'
import { bodyValidator } from '../../../lib/validation'
import { useCan } from '../../auth'
import { useTenantLocales } from '../../settings'
import {
  type BuilderForm,
  builderFormOf,
  formLanguages,
  formOut,
  hasOwnLocales,
  placeOf,
  saveErrors,
  textIn,
} from '../api/definition'
import { type Form, formQuery, publishForm, updateForm } from '../api/forms'
import { FieldList } from '../components/field-list'
import { FormActions } from '../components/form-actions'
import { FormLanguages } from '../components/form-languages'
import { FormPreview } from '../components/form-preview'
import { SettingsPanel } from '../components/settings-panel'
import { FormStatusBadge } from '../components/status-badge'
import { VersionsDrawer } from '../components/versions-drawer'

const route = getRouteApi('/signed-in/t/$tenantId/forms/$formId')

/** A form's builder: its fields and settings on the left, the live preview on the right. */
export function FormBuilderPage() {
  const { t } = useTranslation()
  const { tenantId, formId } = route.useParams()
  const loaded = useQuery(formQuery(tenantId, formId))
  // A new generation remounts the builder on the form as stored (after a restore).
  const [generation, setGeneration] = useState(0)
  if (loaded.error) {
    return (
      <Alert color="red" role="alert">
        {loaded.error.message}
      </Alert>
    )
  }
  if (!loaded.data) return <Loader aria-label={t('app.loading')} />
  return (
    <Builder
      key={`${formId}:${generation}`}
      tenantId={tenantId}
      form={loaded.data.form}
      onReopen={() => setGeneration((n) => n + 1)}
    />
  )
}

const snapshot = (form: BuilderForm) => JSON.stringify(formOut(form))

function Builder({ tenantId, form, onReopen }: { tenantId: string; form: Form; onReopen: () => void }) {
  const { t, i18n } = useTranslation()
  const queryClient = useQueryClient()
  const can = useCan()
  const locales = useTenantLocales(tenantId)
  const [record, setRecord] = useState(form)
  // The draft, checked against the API's schema of the form before a save; problems go to the
  // place the API's would (docs/decisions/studio.md "Forms and their rules").
  // A plain string of the API is a text in the tenant's default locale, when it has locales.
  const [initial] = useState(() => builderFormOf(form, hasOwnLocales(locales) ? locales.default : undefined))
  const builder = useForm<BuilderForm>({
    initialValues: initial,
    clearInputErrorOnChange: false,
    validate: bodyValidator(requestBodies.updateForm, formOut, (pointer) => placeOf({ path: pointer })),
  })
  const draft = builder.values
  const errors = builder.errors as Record<string, string>
  const [saved, setSaved] = useState(() => snapshot(draft))
  const [opened, setOpened] = useState<string[]>([])
  const [tab, setTab] = useState<string | null>('fields')
  const [versionsOpened, setVersionsOpened] = useState(false)
  const dirty = snapshot(draft) !== saved

  const keep = async (changed: Form) => {
    setRecord(changed)
    queryClient.setQueryData(formQuery(tenantId, form.id).queryKey, { form: changed })
    await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'forms', 'list'] })
  }
  const save = useMutation({
    mutationFn: async (publish: boolean) => {
      const body = formOut(draft)
      let answer = dirty || !publish ? await updateForm(tenantId, form.id, body) : { form: record }
      if (publish) answer = await publishForm(tenantId, form.id)
      return answer.form
    },
    onSuccess: async (changed, publish) => {
      // The API normalizes the slug; the builder shows what was stored.
      builder.setValues({ slug: changed.slug })
      setSaved(snapshot({ ...builder.getValues(), slug: changed.slug }))
      builder.clearErrors()
      await keep(changed)
      notifySuccess(
        t(publish ? 'forms.builder.published' : 'forms.builder.saved', { version: changed.version }),
      )
    },
    onError: (failure) => {
      const found = saveErrors(failure)
      builder.setErrors(found)
      reveal(found)
    },
  })
  /** Opens where the problems are: the failing fields, else the settings tab. */
  function reveal(found: Record<string, unknown>) {
    const failing = draft.fields.filter((_, index) => found[`fields.${index}`] !== undefined)
    if (failing.length > 0) {
      setTab('fields')
      setOpened((keys) => [...new Set([...keys, ...failing.map((field) => field.key)])])
    } else if (Object.keys(found).some((place) => place !== 'form' && place !== 'fields')) {
      setTab('settings')
    }
  }
  const submit = (publish: boolean) => {
    const check = builder.validate()
    if (check.hasErrors) reveal(check.errors)
    else save.mutate(publish)
  }
  const editable = can('forms:update')
  // The languages of the texts as opened: an emptied text of a dropped locale keeps its input.
  const languages = formLanguages(locales, initial)
  const settingsError = Object.keys(errors).some((place) => !place.startsWith('fields') && place !== 'form')

  return (
    <FormLanguages.Provider value={languages}>
      <Stack>
        <AnchorLink to="/t/$tenantId/forms" params={{ tenantId }} size="sm">
          {t('forms.builder.back')}
        </AnchorLink>
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {textIn(draft.title, i18n.language) || t('forms.untitled')}
            </Title>
            <Group gap="xs">
              <FormStatusBadge kind="form" status={record.status} />
              <Text size="sm">
                {record.publishedVersion === null
                  ? t('forms.builder.neverPublished')
                  : t('forms.builder.publishedVersion', { version: record.publishedVersion })}
              </Text>
              <Text size="sm" fw={600} role="status">
                {dirty ? t('forms.builder.unsaved') : ''}
              </Text>
            </Group>
          </Stack>
          <FormActions
            tenantId={tenantId}
            form={record}
            saving={save.isPending ? (save.variables ? 'publish' : 'save') : undefined}
            onSave={submit}
            onVersions={() => setVersionsOpened(true)}
            onChanged={(changed) => void keep(changed)}
          />
        </Group>
        {errors.form && (
          <Alert color="red" role="alert">
            {errors.form}
          </Alert>
        )}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="fields">
                  {t('forms.builder.fieldsTab', { count: draft.fields.length })}
                </Tabs.Tab>
                <Tabs.Tab value="settings" c={settingsError ? 'red.8' : undefined}>
                  {t('forms.builder.settingsTab')}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="fields" pt="md">
                <FieldList
                  fields={draft.fields}
                  onChange={(fields) => builder.setFieldValue('fields', fields)}
                  opened={opened}
                  onOpened={setOpened}
                  errors={errors}
                  readOnly={!editable}
                />
              </Tabs.Panel>
              <Tabs.Panel value="settings" pt="md">
                <Fieldset variant="unstyled" disabled={!editable}>
                  <SettingsPanel form={draft} onChange={builder.setValues} errors={errors} />
                </Fieldset>
              </Tabs.Panel>
            </Tabs>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <FormPreview form={draft} />
          </Grid.Col>
        </Grid>
        <VersionsDrawer
          tenantId={tenantId}
          form={record}
          opened={versionsOpened}
          canRestore={editable}
          onClose={() => setVersionsOpened(false)}
          onRestored={async (restored) => {
            setVersionsOpened(false)
            await keep(restored)
            notifySuccess(t('forms.versions.restored'))
            onReopen()
          }}
        />
      </Stack>
    </FormLanguages.Provider>
  )
}
