import { Alert, Checkbox, Select, Stack, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { TranslationFields } from '../../../app/translation-fields'
import type { TenantLocales } from '../../../lib/locales'
import type { ReferenceType } from '../api/references'
import { type DraftItem, ITEM_TYPES, type ItemFields, type ItemType, REFERENCE_TYPES } from '../api/tree'
import { ReferencePicker } from './reference-picker'

/**
 * The fields of one item: its kind, what it links to (a record picked by title, or a URL), its
 * label (and the label in the tenant's other locales), whether the public tree shows it and whether
 * it opens in a new tab. `errors` are by field (`title`, `url`, `referenceId`,
 * `translations/<locale>/title`, `form` for the rest), from the checks before saving or from the API.
 */
export function ItemEditor({
  tenantId,
  item,
  locales,
  errors,
  onChange,
}: {
  tenantId: string
  item: DraftItem
  locales: TenantLocales | undefined
  errors: Record<string, string>
  onChange: (patch: Partial<ItemFields>) => void
}) {
  const { t } = useTranslation()
  const reference = REFERENCE_TYPES.has(item.type)
  return (
    <Stack gap="sm">
      {errors.form && (
        <Alert color="red" role="alert">
          {errors.form}
        </Alert>
      )}
      <Select
        label={t('menus.item.type')}
        data={ITEM_TYPES.map((value) => ({ value, label: t(`menus.types.${value}`) }))}
        value={item.type}
        allowDeselect={false}
        error={errors.type}
        onChange={(value) => {
          const type = (value ?? item.type) as ItemType
          if (type !== item.type) onChange({ type, url: null, referenceId: null })
        }}
      />
      {reference ? (
        <ReferencePicker
          tenantId={tenantId}
          type={item.type as ReferenceType}
          value={item.referenceId}
          error={errors.referenceId}
          onChange={(referenceId, label) =>
            onChange({
              referenceId,
              // A new item takes the picked record's name until it is given its own.
              ...(item.title.trim() === '' && label !== null ? { title: label } : {}),
            })
          }
        />
      ) : (
        <TextInput
          label={t(item.type === 'external' ? 'menus.item.externalUrl' : 'menus.item.customUrl')}
          description={t(item.type === 'external' ? 'menus.item.externalHelp' : 'menus.item.customHelp')}
          required
          type={item.type === 'external' ? 'url' : 'text'}
          value={item.url ?? ''}
          onChange={(event) => onChange({ url: event.currentTarget.value })}
          error={errors.url}
        />
      )}
      <TextInput
        label={t('menus.item.title')}
        required
        value={item.title}
        onChange={(event) => onChange({ title: event.currentTarget.value })}
        error={errors.title}
      />
      <TranslationFields
        locales={locales}
        members={[{ key: 'title', label: t('menus.item.title') }]}
        value={item.translations}
        defaults={{ title: item.title }}
        onChange={(translations) => onChange({ translations })}
        errors={errors}
      />
      <Checkbox
        label={t('menus.item.newTab')}
        checked={item.target === '_blank'}
        onChange={(event) => onChange({ target: event.currentTarget.checked ? '_blank' : '_self' })}
      />
      <Checkbox
        label={t('menus.item.visible')}
        description={t('menus.item.visibleHelp')}
        checked={item.isVisible}
        onChange={(event) => onChange({ isVisible: event.currentTarget.checked })}
      />
    </Stack>
  )
}
