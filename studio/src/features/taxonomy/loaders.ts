/**
 * What the feature's screens show first, for their routes' loaders (docs/decisions/studio.md
 * "Loaders"): each puts in the cache the very query its screen reads. A query module the first
 * screen's script does not already hold is imported when its loader runs.
 */
import type { QueryClient } from '@tanstack/react-query'
import { withStrings } from '../../app/i18n'
import type { TagsSearch } from './api/search'

/**
 * The category tree. Its query module brings the body checker with it (lib/translations.ts uses
 * lib/validation.ts's field paths), and so the checker's words.
 */
export const loadCategories = (client: QueryClient, tenantId: string) =>
  withStrings(['validation'], import('./api/categories')).then(({ categoryTreeQuery }) =>
    client.ensureQueryData(categoryTreeQuery(tenantId)),
  )

/** The page of tags the address names. */
export const loadTags = (client: QueryClient, tenantId: string, search: TagsSearch) =>
  import('./api/tags').then(({ tagsQuery }) =>
    client.ensureQueryData(tagsQuery(tenantId, search.search, search.page)),
  )

/** The custom field definitions. */
export const loadCustomFields = (client: QueryClient, tenantId: string) =>
  import('./api/custom-fields').then(({ fieldDefinitionsQuery }) =>
    client.ensureQueryData(fieldDefinitionsQuery(tenantId)),
  )
