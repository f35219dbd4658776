/**
 * What the feature's screens show first, for their routes' loaders (docs/decisions/studio.md
 * "Loaders"): each puts in the cache the very query its screen reads. A query module the first
 * screen's script does not already hold is imported when its loader runs.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { FormsSearch, ResponsesSearch } from './api/search'

/** The page of forms the address names. */
export const loadFormsList = (client: QueryClient, tenantId: string, search: FormsSearch) =>
  import('./api/forms').then(({ formsQuery }) => client.ensureQueryData(formsQuery(tenantId, search)))

/** A form and the page of its responses the address names. */
export const loadFormResponses = (
  client: QueryClient,
  tenantId: string,
  formId: string,
  search: ResponsesSearch,
) =>
  import('./api/forms').then(({ formQuery, responsesQuery }) =>
    Promise.all([
      client.ensureQueryData(formQuery(tenantId, formId)),
      client.ensureQueryData(responsesQuery(tenantId, formId, search)),
    ]),
  )
