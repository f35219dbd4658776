import { ActionIcon, Button, Group, Text, TextInput } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCan } from '../../auth'
import { contentTypesQuery } from '../../contents'
import { ANY_TYPE, CONTENT_TYPE, previewTypes, type Urls, urlsBody } from '../api/preview-urls'
import type { TenantSettings } from '../api/settings'
import { GroupForm, useGroupForm } from './group-form'

/**
 * The preview URL templates (docs/decisions/studio.md "Live preview"): one per content type and one
 * for any other type, their placeholders explained; the map is saved whole (the API replaces it),
 * and a refused template shows at its own field (`urls/<type>`).
 */
export function PreviewGroup({
  tenantId,
  settings,
  canEdit,
}: {
  tenantId: string
  settings: TenantSettings['preview']
  canEdit: boolean
}) {
  const { t } = useTranslation()
  const can = useCan()
  const used = useQuery({ ...contentTypesQuery(tenantId), enabled: can('content:view') })
  const [added, setAdded] = useState('')
  const { form, errors, submit, saving } = useGroupForm(tenantId, 'preview', {
    initialValues: { urls: settings.urls as Urls },
    bodyOf: ({ urls }: { urls: Urls }) => ({ preview: { urls: urlsBody(urls) } }),
    valuesOf: (saved) => ({ urls: saved.preview.urls as Urls }),
  })
  const urls = form.values.urls
  const types = previewTypes(used.data?.types ?? [], urls)
  const newType = added.trim()
  const addable = CONTENT_TYPE.test(newType) && !types.includes(newType)
  const add = () => {
    form.setFieldValue('urls', { ...urls, [newType]: '' })
    setAdded('')
  }
  const { form: _, urls: mapError, ...fieldErrors } = errors
  // A problem at a member no row shows (a type no longer listed) is said above the rows.
  const unplaced = Object.entries(fieldErrors)
    .filter(([path]) => !types.some((type) => path === `urls/${type}`))
    .map(([, message]) => message)

  return (
    <GroupForm group="preview" canEdit={canEdit} errors={errors} saving={saving} onSubmit={submit}>
      <Text size="sm">{t('settings.preview.help')}</Text>
      <Text size="sm" c="dimmed">
        {t('settings.preview.placeholders')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('settings.preview.origin')}
      </Text>
      {[mapError, ...unplaced].filter(Boolean).map((message) => (
        <Text key={message} size="sm" c="red.9" role="alert">
          {message}
        </Text>
      ))}
      {types.map((type) => (
        <Group key={type} align="flex-start" wrap="nowrap">
          <TextInput
            label={type === ANY_TYPE ? t('settings.preview.other') : t('settings.preview.type', { type })}
            placeholder="https://www.example.com/{locale}/{slug}?preview={token}"
            value={urls[type] ?? ''}
            onChange={(event) => form.setFieldValue('urls', { ...urls, [type]: event.currentTarget.value })}
            error={errors[`urls/${type}`]}
            type="url"
            style={{ flex: 1 }}
          />
          {(urls[type] ?? '') !== '' && (
            <ActionIcon
              variant="subtle"
              color="red.9"
              mt={28}
              aria-label={t('settings.preview.remove', {
                type: type === ANY_TYPE ? t('settings.preview.other') : type,
              })}
              onClick={() => form.setFieldValue('urls', { ...urls, [type]: '' })}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
      {canEdit && (
        <Group align="flex-end">
          <TextInput
            label={t('settings.preview.addType')}
            description={t('settings.preview.addTypeHelp')}
            placeholder="event"
            value={added}
            onChange={(event) => setAdded(event.currentTarget.value.toLowerCase())}
            onKeyDown={(event) => {
              // Enter adds the type here, rather than saving the group.
              if (event.key !== 'Enter') return
              event.preventDefault()
              if (addable) add()
            }}
          />
          <Button variant="default" disabled={!addable} onClick={add}>
            {t('settings.preview.add')}
          </Button>
        </Group>
      )}
    </GroupForm>
  )
}
