import { MultiSelect, TagsInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { categoriesQuery, inTreeOrder, tagsQuery } from '../../taxonomy'

/** The content's categories, picked from the tenant's tree (indented by depth). */
export function CategoriesField({
  tenantId,
  value,
  onChange,
  error,
}: {
  tenantId: string
  value: string[]
  onChange: (ids: string[]) => void
  error?: string
}) {
  const { t } = useTranslation()
  const { data } = useQuery(categoriesQuery(tenantId))
  const options = inTreeOrder(data?.categories ?? []).map(({ item, depth }) => ({
    value: item.id,
    label: `${'— '.repeat(depth)}${item.name}`,
  }))
  return (
    <MultiSelect
      label={t('contents.fields.categories')}
      data={options}
      value={value}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage={t('editor.noCategory')}
      error={error}
    />
  )
}

/** The content's tags by title: existing ones are suggested, new titles become tags on save. */
export function TagsField({
  tenantId,
  value,
  onChange,
  error,
}: {
  tenantId: string
  value: string[]
  onChange: (titles: string[]) => void
  error?: string
}) {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), 250)
  const { data } = useQuery(tagsQuery(tenantId, debounced))
  return (
    <TagsInput
      label={t('contents.fields.tags')}
      description={t('editor.tagsHint')}
      data={data?.tags.map((tag) => tag.title) ?? []}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      clearable
      error={error}
    />
  )
}
