import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'
import type { FormsSearch, ResponsesSearch } from './search'

/** Forms and responses per page of their lists. */
export const PAGE_SIZE = 20

export type Form = AnswerOf<'getForm'>['form']
export type FormVersion = AnswerOf<'listFormVersions'>['versions'][number]
export type FormResponse = AnswerOf<'listFormResponses'>['items'][number]
export type FormBody = BodyOf<'updateForm'>

/** A page of the tenant's forms (`GET /api/forms`). */
export const formsQuery = (tenantId: string, search: FormsSearch) =>
  queryOptions({
    ...tenantQuery(tenantId, ['forms', 'list', search], (api) =>
      unwrap(
        api.GET('/api/forms', {
          params: { query: { ...search, page: search.page ?? 1, limit: PAGE_SIZE } },
        }),
      ),
    ),
    placeholderData: keepPreviousData,
  })

/** One form with its draft definition (`GET /api/forms/{id}`). */
export const formQuery = (tenantId: string, id: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['forms', 'one', id], (api) =>
      unwrap(api.GET('/api/forms/{id}', { params: { path: { id } } })),
    ),
  })

/** A form's published versions, newest first (`GET /api/forms/{id}/versions`, the first 100). */
export const formVersionsQuery = (tenantId: string, id: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['forms', 'versions', id], (api) =>
      unwrap(api.GET('/api/forms/{id}/versions', { params: { path: { id }, query: { limit: 100 } } })),
    ),
  })

/** Creates a draft form (`POST /api/forms`). */
export function createForm(tenantId: string, body: BodyOf<'createForm'>) {
  return unwrap(tenantApi(tenantId).POST('/api/forms', { body }))
}

/** Saves the draft definition (`PUT /api/forms/{id}`). */
export function updateForm(tenantId: string, id: string, body: FormBody) {
  return unwrap(tenantApi(tenantId).PUT('/api/forms/{id}', { params: { path: { id } }, body }))
}

/** Freezes the draft as the next published version (`POST /api/forms/{id}/publish`). */
export function publishForm(tenantId: string, id: string) {
  return unwrap(tenantApi(tenantId).POST('/api/forms/{id}/publish', { params: { path: { id } } }))
}

/** Stops the form taking submissions (`POST /api/forms/{id}/archive`). */
export function archiveForm(tenantId: string, id: string) {
  return unwrap(tenantApi(tenantId).POST('/api/forms/{id}/archive', { params: { path: { id } } }))
}

/** A new draft form with this one's definition (`POST /api/forms/{id}/duplicate`). */
export function duplicateForm(tenantId: string, id: string, title: string) {
  return unwrap(
    tenantApi(tenantId).POST('/api/forms/{id}/duplicate', { params: { path: { id } }, body: { title } }),
  )
}

/** Copies a published version into the draft (`POST /api/forms/{id}/restore/{version}`). */
export function restoreFormVersion(tenantId: string, id: string, version: number) {
  return unwrap(
    tenantApi(tenantId).POST('/api/forms/{id}/restore/{version}', { params: { path: { id, version } } }),
  )
}

/** Deletes the form and its responses (`DELETE /api/forms/{id}`). */
export function deleteForm(tenantId: string, id: string) {
  return unwrap(tenantApi(tenantId).DELETE('/api/forms/{id}', { params: { path: { id } } }))
}

/** Query of the responses list and of its export: the filters as the API takes them. */
function responseFilters(search: ResponsesSearch) {
  return {
    ...(search.status === undefined ? {} : { status: search.status }),
    ...(search.from === undefined ? {} : { startDate: startOfDay(search.from) }),
    ...(search.to === undefined ? {} : { endDate: endOfDay(search.to) }),
  }
}

/** The first instant of a local calendar day (`2026-05-01`), as the API's date-time. */
export function startOfDay(day: string): string {
  return new Date(`${day}T00:00:00`).toISOString()
}

/** The last instant of a local calendar day, as the API's date-time (the end date is inclusive). */
export function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59.999`).toISOString()
}

/** A page of a form's responses, newest first (`GET /api/forms/{id}/responses`). */
export const responsesQuery = (tenantId: string, formId: string, search: ResponsesSearch) =>
  queryOptions({
    ...tenantQuery(tenantId, ['forms', 'responses', formId, search], (api) =>
      unwrap(
        api.GET('/api/forms/{id}/responses', {
          params: {
            path: { id: formId },
            query: { ...responseFilters(search), page: search.page ?? 1, limit: PAGE_SIZE },
          },
        }),
      ),
    ),
    placeholderData: keepPreviousData,
  })

/** One response in full: device, place, user (`GET /api/forms/{id}/responses/{responseId}`). */
export const responseQuery = (tenantId: string, formId: string, responseId: string) =>
  queryOptions({
    ...tenantQuery(tenantId, ['forms', 'responses', formId, 'one', responseId], (api) =>
      unwrap(
        api.GET('/api/forms/{id}/responses/{responseId}', {
          params: { path: { id: formId, responseId } },
        }),
      ),
    ),
  })

export type ResponseStatus = 'pending' | 'processed' | 'spam' | 'deleted'

/** Sets a response's status (`PATCH …/responses/{responseId}/status`). */
export function setResponseStatus(
  tenantId: string,
  formId: string,
  responseId: string,
  status: ResponseStatus,
) {
  return unwrap(
    tenantApi(tenantId).PATCH('/api/forms/{id}/responses/{responseId}/status', {
      params: { path: { id: formId, responseId } },
      body: { status },
    }),
  )
}

/** Marks a response as spam (`POST …/responses/{responseId}/spam`). */
export function markSpam(tenantId: string, formId: string, responseId: string) {
  return unwrap(
    tenantApi(tenantId).POST('/api/forms/{id}/responses/{responseId}/spam', {
      params: { path: { id: formId, responseId } },
    }),
  )
}

/** Soft delete: the response stays, with status `deleted` (`DELETE …/responses/{responseId}`). */
export function deleteResponse(tenantId: string, formId: string, responseId: string) {
  return unwrap(
    tenantApi(tenantId).DELETE('/api/forms/{id}/responses/{responseId}', {
      params: { path: { id: formId, responseId } },
    }),
  )
}

/** Removes a response for good (`DELETE …/responses/{responseId}/permanent`). */
export function purgeResponse(tenantId: string, formId: string, responseId: string) {
  return unwrap(
    tenantApi(tenantId).DELETE('/api/forms/{id}/responses/{responseId}/permanent', {
      params: { path: { id: formId, responseId } },
    }),
  )
}

/**
 * The responses the filters select as a CSV file (`GET …/responses/export`), and the file name the
 * API gives it.
 */
export async function exportResponses(tenantId: string, formId: string, search: ResponsesSearch) {
  const result = await tenantApi(tenantId).GET('/api/forms/{id}/responses/export', {
    params: { path: { id: formId }, query: responseFilters(search) },
    parseAs: 'blob',
  })
  const blob = await unwrap(result)
  const disposition = result.response.headers.get('content-disposition') ?? ''
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `responses-${formId}.csv`
  return { blob, filename }
}
