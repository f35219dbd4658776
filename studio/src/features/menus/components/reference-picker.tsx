import { type ComboboxItem, Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ReferenceType, referenceLabelQuery, referenceOptionsQuery } from '../api/references'

/**
 * Picks the content, category or form an item points to, searched by title as one types (the
 * record type's own list route); the chosen one keeps its name (read on its own).
 */
export function ReferencePicker({
  tenantId,
  type,
  value,
  onChange,
  error,
}: {
  tenantId: string
  type: ReferenceType
  value: string | null
  onChange: (id: string | null, label: string | null) => void
  error?: string | undefined
}) {
  const { t, i18n } = useTranslation()
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), 250)
  const found = useQuery(referenceOptionsQuery(tenantId, type, debounced, i18n.language))
  const chosen = useQuery({
    ...referenceLabelQuery(tenantId, type, value ?? '', i18n.language),
    enabled: value !== null,
  })
  const names = new Map<string, string>()
  if (value !== null) names.set(value, chosen.data ?? (chosen.isPending ? t('app.loading') : t('menus.gone')))
  for (const option of found.data ?? []) names.set(option.value, option.label)
  const label = t(`menus.pick.${type}`)
  return (
    <Select
      label={label}
      required
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('menus.clearOf', { field: label }) }}
      data={[...names].map(([id, name]) => ({ value: id, label: name }))}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => onChange(id, id === null ? null : (names.get(id) ?? null))}
      // The API searched already: every record it answered is offered.
      filter={({ options }) => options as ComboboxItem[]}
      nothingFoundMessage={t('menus.nothingFound')}
      error={error}
    />
  )
}
