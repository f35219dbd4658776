import { type ComboboxItem, MultiSelect, Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useQueries, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { collectionQuery } from '../api/collections'
import { entriesQuery, entryQuery, entryTitle } from '../api/entries'

/**
 * A ref field: entries of the target collection, searched as one types (the API's `q`), shown by
 * their slug field's value; the chosen ones keep their names (read one by one).
 */
export function RefField({
  tenantId,
  target,
  label,
  description,
  required,
  multiple,
  value,
  onChange,
  error,
}: {
  tenantId: string
  target: string
  label: string
  description?: string | undefined
  required: boolean
  multiple: boolean
  value: unknown
  onChange: (value: unknown) => void
  error?: string | undefined
}) {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), 250)
  const ids = (Array.isArray(value) ? value : typeof value === 'string' ? [value] : []).filter(
    (id): id is string => typeof id === 'string',
  )
  const collection = useQuery(collectionQuery(tenantId, target))
  const slugField = collection.data?.slugField ?? null
  const found = useQuery(
    entriesQuery(tenantId, target, { limit: 20, ...(debounced ? { q: debounced } : {}) }),
  )
  const chosen = useQueries({ queries: ids.map((id) => entryQuery(tenantId, target, id)) })
  const names = new Map<string, string>()
  for (const result of chosen) if (result.data) names.set(result.data.id, entryTitle(result.data, slugField))
  for (const entry of found.data?.entries ?? []) names.set(entry.id, entryTitle(entry, slugField))
  const shared = {
    label,
    description: description ?? t('collections.refHint', { collection: target }),
    required,
    error,
    data: [...names].map(([id, name]) => ({ value: id, label: name })),
    searchable: true,
    searchValue: search,
    onSearchChange: setSearch,
    // The API searched already; every entry it answered is offered.
    filter: ({ options }: { options: ComboboxItem[] | unknown[] }) => options as ComboboxItem[],
    nothingFoundMessage: t('collections.noEntriesFound'),
  }
  return multiple ? (
    <MultiSelect {...shared} value={ids} onChange={(next) => onChange(next.length === 0 ? null : next)} />
  ) : (
    <Select
      {...shared}
      value={ids[0] ?? null}
      onChange={(next) => onChange(next)}
      clearable
      clearButtonProps={{ 'aria-label': t('collections.clearOf', { field: label }) }}
    />
  )
}
