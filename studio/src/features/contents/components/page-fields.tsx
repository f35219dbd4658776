import { NumberInput, Select } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { contentQuery } from '../api/contents'
import { contentTreeQuery, contentTypesQuery, parentChoices, typeChoices } from '../api/tree'

/** Where a content sits: its type, its parent in that type's tree, its order among siblings. */
export interface PagePlace {
  type: string
  parentId: string | null
  order: number
}

/** The API's bounds of `order` (src/modules/contents/schemas.ts). */
const ORDER_LIMIT = 1_000_000

/**
 * The content's type (post, page or a type the tenant's contents have), its parent picked by
 * title among the contents of that type (each shown with its path; the content and its subtree
 * are not offered) and its order. The API's tree rules (a cycle, too deep) come back as `errors`
 * at `parentId`, shown on the picker.
 */
export function PageFields({
  tenantId,
  contentId,
  value,
  errors,
  onChange,
}: {
  tenantId: string
  contentId: string | undefined
  value: PagePlace
  errors: Record<string, string | undefined>
  onChange: (patch: Partial<PagePlace>) => void
}) {
  const { t } = useTranslation()
  const types = useQuery(contentTypesQuery(tenantId))
  // Posts are many and seldom nested: their tree is read only once the picker opens.
  const [opened, setOpened] = useState(false)
  const tree = useQuery({
    ...contentTreeQuery(tenantId, value.type),
    enabled: opened || value.type !== 'post',
  })
  const choices = parentChoices(tree.data ?? [], contentId)
  // A parent not among the choices (the tree not read yet, or a content of another type set through
  // the API or an import) is read alone, for its title.
  const outside = value.parentId !== null && !choices.some((choice) => choice.id === value.parentId)
  const parent = useQuery({ ...contentQuery(tenantId, value.parentId ?? ''), enabled: outside })
  const typeLabel = (type: string) => t(`contents.type.${type}`, { defaultValue: type })
  const parentData = choices.map((choice) => ({ value: choice.id, label: choice.path.join(' › ') }))
  if (outside && value.parentId !== null) {
    const found = parent.data?.content
    parentData.unshift({
      value: value.parentId,
      label: found
        ? found.type === value.type
          ? found.title
          : t('pages.fields.parentOfType', { title: found.title, type: typeLabel(found.type) })
        : parent.isError
          ? t('pages.fields.parentGone')
          : t('app.loading'),
    })
  }
  return (
    <>
      <Select
        label={t('contents.fields.type')}
        value={value.type}
        allowDeselect={false}
        data={typeChoices(types.data?.types ?? [], value.type).map((type) => ({
          value: type,
          label: typeLabel(type),
        }))}
        onChange={(type) => type && onChange({ type })}
        error={errors.type}
      />
      <Select
        label={t('pages.fields.parent')}
        description={t('pages.fields.parentHelp')}
        placeholder={t('pages.fields.noParent')}
        searchable
        clearable
        clearButtonProps={{ 'aria-label': t('pages.fields.clearParent') }}
        nothingFoundMessage={t('pages.fields.nothingFound')}
        data={parentData}
        value={value.parentId}
        onDropdownOpen={() => setOpened(true)}
        onChange={(parentId) => onChange({ parentId })}
        error={errors.parentId ?? tree.error?.message}
      />
      {/* Uncontrolled: a half-typed number ("-") stays in the field while the draft keeps the last one. */}
      <NumberInput
        label={t('pages.fields.order')}
        description={t('pages.fields.orderHelp')}
        defaultValue={value.order}
        allowDecimal={false}
        min={-ORDER_LIMIT}
        max={ORDER_LIMIT}
        onChange={(order) => onChange({ order: typeof order === 'number' ? order : 0 })}
        error={errors.order}
      />
    </>
  )
}
