import { unwrap } from '@folio/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { tenantQuery } from '../../../app/tenant'

export type ReferenceType = 'content' | 'category' | 'form'

/** A record an item can point to, as a picker offers it. */
export interface ReferenceOption {
  value: string
  label: string
}

/** A form's title in `language`, else its first one (form titles are per language). */
function titleIn(title: unknown, language: string): string {
  if (typeof title === 'string') return title
  if (typeof title !== 'object' || title === null) return ''
  const texts = title as Record<string, string>
  return texts[language] || texts[language.split('-')[0] ?? ''] || Object.values(texts).find(Boolean) || ''
}

/**
 * The first 20 records of a type matching `search` (contents and forms by title, categories by
 * name), from their own list routes.
 */
export const referenceOptionsQuery = (
  tenantId: string,
  type: ReferenceType,
  search: string,
  language: string,
) =>
  queryOptions({
    ...tenantQuery(tenantId, ['menus', 'references', type, search, language], async (api) => {
      const words = search === '' ? {} : { search }
      if (type === 'content') {
        const { contents } = await unwrap(
          api.GET('/api/contents', { params: { query: { limit: 20, view: 'summary', ...words } } }),
        )
        return contents.map((content) => ({ value: content.id, label: content.title }))
      }
      if (type === 'category') {
        const { categories } = await unwrap(
          api.GET('/api/categories', { params: { query: { flat: true, limit: 20, ...words } } }),
        )
        return categories.map((category) => ({ value: category.id, label: category.name }))
      }
      const { forms } = await unwrap(api.GET('/api/forms', { params: { query: { limit: 20, ...words } } }))
      return forms.map(
        (form): ReferenceOption => ({ value: form.id, label: titleIn(form.title, language) || form.slug }),
      )
    }),
    placeholderData: keepPreviousData,
  })

/** The name of one referenced record, for an item that points to it; null when it is gone. */
export const referenceLabelQuery = (tenantId: string, type: ReferenceType, id: string, language: string) =>
  queryOptions(
    tenantQuery(tenantId, ['menus', 'reference', type, id, language], async (api): Promise<string | null> => {
      if (type === 'content') {
        const found = await api.GET('/api/contents/{id}', { params: { path: { id } } })
        return found.data?.content.title ?? null
      }
      if (type === 'category') {
        const { categories } = await unwrap(
          api.GET('/api/categories', { params: { query: { flat: true, ids: [id] } } }),
        )
        return categories[0]?.name ?? null
      }
      const found = await api.GET('/api/forms/{id}', { params: { path: { id } } })
      return found.data ? titleIn(found.data.form.title, language) || found.data.form.slug : null
    }),
  )
