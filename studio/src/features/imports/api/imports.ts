import { type AnswerOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'

export type Import = AnswerOf<'getImport'>['import']

/** Options `POST /api/imports/wordpress` takes beside the file. */
export interface ImportOptions {
  copyMedia: boolean
  dryRun: boolean
}

/** How often a running import is asked for its progress. */
const POLL_MS = 1000

/** Whether an import has ended (its counts no longer change). */
export function isFinished(state: Import): boolean {
  return state.status === 'succeeded' || state.status === 'failed'
}

/** An import's status, phase, counts and problems, asked again every second until it ends. */
export const importQuery = (tenantId: string, importId: string) =>
  queryOptions({
    ...tenantQuery(
      tenantId,
      ['imports', importId],
      async (api) =>
        (await unwrap(api.GET('/api/imports/{id}', { params: { path: { id: importId } } }))).import,
    ),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : POLL_MS),
  })

/** Imports per page of the history. */
export const IMPORTS_PAGE_SIZE = 20

/**
 * A page of the tenant's imports, newest first (`GET /api/imports`), asked again every second while
 * one of them has not ended.
 */
export const importsQuery = (tenantId: string, page: number) =>
  queryOptions({
    ...tenantQuery(tenantId, ['imports', 'list', page], (api) =>
      unwrap(api.GET('/api/imports', { params: { query: { page, limit: IMPORTS_PAGE_SIZE } } })),
    ),
    refetchInterval: (query) =>
      query.state.data?.imports.some((state) => !isFinished(state)) ? POLL_MS : false,
  })

/** What an import created, all kinds together. */
export function createdIn(state: Import): number {
  return Object.values(state.counts).reduce((sum, kind) => sum + kind.created, 0)
}

/**
 * Uploads a WordPress export and queues its import (`POST /api/imports/wordpress`): the file is the
 * request body as it is, sent as XML, never read into a string here.
 */
export async function startImport(tenantId: string, file: File, options: ImportOptions): Promise<Import> {
  const answer = await unwrap(
    tenantApi(tenantId).POST('/api/imports/wordpress', {
      params: { query: { copyMedia: options.copyMedia, dryRun: options.dryRun } },
      body: file,
      bodySerializer: (body: unknown) => body as Blob,
      headers: { 'content-type': 'application/xml' },
    }),
  )
  return answer.import
}
