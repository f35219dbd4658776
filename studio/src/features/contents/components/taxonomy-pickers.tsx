import { Alert, Checkbox, Input, MultiSelect, Stack, TagsInput, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldErrors } from '../../../lib/errors'
import {
  categoriesQuery,
  createTag,
  galleriesQuery,
  setContentGalleries,
  type Tag,
  tagsQuery,
} from '../api/contents'
import { categoryRows, splitTags } from '../api/editing'
import classes from './editor-panels.module.css'

/**
 * The content's categories as a tree of checkboxes (children indented under their parent); a
 * checked parent does not check its children, as in the API (a content names each category).
 */
export function CategoryPicker({
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
  const { data, error: loadError } = useQuery(categoriesQuery(tenantId))
  const rows = data ? categoryRows(data.categories) : []
  return (
    <Checkbox.Group label={t('editor.categories')} value={value} onChange={onChange} error={error}>
      {loadError ? (
        <Alert color="red" role="alert" mt="xs">
          {loadError.message}
        </Alert>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          {data ? t('editor.noCategories') : t('app.loading')}
        </Text>
      ) : (
        <Stack gap={6} mt="xs" className={classes.tree}>
          {rows.map((row) => (
            <Checkbox key={row.id} value={row.id} label={row.name} ml={row.depth * 20} />
          ))}
        </Stack>
      )}
    </Checkbox.Group>
  )
}

/**
 * The content's tags by title: suggestions from the tenant's tags as one types, and a title no
 * tag has yet is created (`POST /api/tags`) when entered; the input keeps the focus, so tags are
 * typed one after another.
 */
export function TagPicker({
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
  const queryClient = useQueryClient()
  const [search, setSearch] = useState('')
  const [debounced] = useDebouncedValue(search.trim(), 250)
  const [created, setCreated] = useState<Tag[]>([])
  const chosen = useQuery({ ...tagsQuery(tenantId, { ids: value }), enabled: value.length > 0 })
  const suggested = useQuery(tagsQuery(tenantId, debounced === '' ? {} : { search: debounced }))
  const known = [...created, ...(chosen.data?.tags ?? []), ...(suggested.data?.tags ?? [])]
  const titleOf = (id: string) => known.find((tag) => tag.id === id)?.title
  const creating = useMutation({
    mutationFn: async (titles: string[]) => {
      const tags: Tag[] = []
      for (const title of titles) tags.push((await createTag(tenantId, title)).tag)
      return tags
    },
  })

  const change = async (titles: string[]) => {
    const { ids, create } = splitTags(titles, known)
    if (create.length === 0) {
      onChange(ids)
      return
    }
    const tags = await creating.mutateAsync(create).catch(() => [])
    setCreated((list) => [...list, ...tags])
    onChange([...ids, ...tags.map((tag) => tag.id)])
    await queryClient.invalidateQueries({ queryKey: ['tenant', tenantId, 'tags'] })
  }

  const failure = creating.error ? (fieldErrors(creating.error).title ?? creating.error.message) : undefined
  return (
    <TagsInput
      label={t('editor.tags')}
      description={t('editor.tagsHint')}
      value={value.map((id) => titleOf(id) ?? '').filter((title) => title !== '')}
      data={[...new Set((suggested.data?.tags ?? []).map((tag) => tag.title))]}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(titles) => void change(titles)}
      error={failure ?? error}
      // Read-only, not disabled, while a new tag is made or the chosen ones load: a disabled input
      // drops the focus, and the next tag would need a click first.
      readOnly={creating.isPending || (value.length > 0 && chosen.isPending)}
      clearable
      clearButtonProps={{ 'aria-label': t('editor.clearTags') }}
    />
  )
}

/**
 * The galleries the content shows, saved at once (`PUT /api/contents/{id}/galleries`, not part of
 * the content's versions); a content not yet saved has none to link.
 */
export function GalleryPicker({
  tenantId,
  contentId,
  initial,
}: {
  tenantId: string
  contentId: string | undefined
  initial: string[]
}) {
  const { t } = useTranslation()
  const [value, setValue] = useState(initial)
  const { data, error } = useQuery(galleriesQuery(tenantId))
  const saving = useMutation({
    mutationFn: (ids: string[]) => setContentGalleries(tenantId, contentId ?? '', ids),
    onSuccess: (answer) => setValue(answer.galleries.map((gallery) => gallery.id)),
  })
  if (contentId === undefined) {
    return (
      <Input.Wrapper label={t('editor.galleries')}>
        <Text size="sm" c="dimmed">
          {t('editor.galleriesAfterSave')}
        </Text>
      </Input.Wrapper>
    )
  }
  return (
    <MultiSelect
      label={t('editor.galleries')}
      description={t('editor.galleriesHint')}
      data={(data?.galleries ?? []).map((gallery) => ({ value: gallery.id, label: gallery.title }))}
      value={value}
      onChange={(ids) => {
        setValue(ids)
        saving.mutate(ids)
      }}
      nothingFoundMessage={t('editor.noGalleries')}
      error={error?.message ?? saving.error?.message}
      searchable
    />
  )
}
