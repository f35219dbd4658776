import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { folio, tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'

export type TenantExport = AnswerOf<'getTenantExport'>['export']
export type TenantImport = AnswerOf<'getTenantImport'>['import']
export type BackupSchedule = AnswerOf<'getTenantBackupSchedule'>['schedule']
export type BackupScheduleChange = BodyOf<'updateTenantBackupSchedule'>

/** What an export may add beside the tenant's own data (`POST /api/tenants/{id}/exports`). */
export interface ExportOptions {
  includeResponses: boolean
  includeStatistics: boolean
}

/** How often an unfinished export or import is asked for its progress. */
const POLL_MS = 1000

/** Whether an export or import has ended (its status no longer changes). */
export function isFinished(state: { status: TenantExport['status'] }): boolean {
  return state.status === 'succeeded' || state.status === 'failed'
}

/** How far an export or import has come, in whole percent (0 before its total is known). */
export function percentOf({ done, total }: TenantExport['progress']): number {
  return total === 0 ? 0 : Math.round((100 * done) / total)
}

/** The tenant's exports, newest first (`GET /api/tenants/{id}/exports`), asked every second while one runs. */
export const exportsQuery = (tenantId: string) =>
  queryOptions({
    ...tenantQuery(
      tenantId,
      ['exports', 'list'],
      async (api) =>
        (await unwrap(api.GET('/api/tenants/{id}/exports', { params: { path: { id: tenantId } } }))).exports,
    ),
    refetchInterval: (query) => (query.state.data?.some((state) => !isFinished(state)) ? POLL_MS : false),
  })

/** Queues an export of the whole tenant. */
export async function startExport(tenantId: string, options: ExportOptions): Promise<TenantExport> {
  const answer = await unwrap(
    tenantApi(tenantId).POST('/api/tenants/{id}/exports', {
      params: { path: { id: tenantId } },
      body: options,
    }),
  )
  return answer.export
}

/** Removes an export and its archive. */
export function deleteExport(tenantId: string, exportId: string) {
  return unwrap(
    tenantApi(tenantId).DELETE('/api/tenants/{id}/exports/{exportId}', {
      params: { path: { id: tenantId, exportId } },
    }),
  )
}

/**
 * Where a succeeded export's archive downloads from: a plain GET the session cookie authorizes
 * (the route names its tenant in the path and asks no tenant header), so a link with `download`
 * saves it without passing the archive through the page's memory.
 */
export function downloadUrl(tenantId: string, exportId: string): string {
  return `/api/tenants/${encodeURIComponent(tenantId)}/exports/${encodeURIComponent(exportId)}/download`
}

/**
 * The tenant's backup schedule (`GET /api/tenants/{id}/backups/schedule`, docs/decisions/portability.md
 * "Backups"): frequency, how many backups are kept, what they include, and when the last started
 * and the next is due (ISO 8601; `nextRunAt` null while off). A schedule never set reads as off.
 */
export const backupScheduleQuery = (tenantId: string) =>
  queryOptions(
    tenantQuery(
      tenantId,
      ['backups', 'schedule'],
      async (api) =>
        (await unwrap(api.GET('/api/tenants/{id}/backups/schedule', { params: { path: { id: tenantId } } })))
          .schedule,
    ),
  )

/**
 * Sets the tenant's backup schedule (`PUT /api/tenants/{id}/backups/schedule`); members left out
 * keep their values. Resolves to the schedule saved, with its next run; a refused body rejects with
 * the API's 400 `ValidationFailed`.
 */
export async function updateBackupSchedule(
  tenantId: string,
  change: BackupScheduleChange,
): Promise<BackupSchedule> {
  const answer = await unwrap(
    tenantApi(tenantId).PUT('/api/tenants/{id}/backups/schedule', {
      params: { path: { id: tenantId } },
      body: change,
    }),
  )
  return answer.schedule
}

/** The name and slug an import may give the new tenant; each left out takes the archive's. */
export interface ImportNames {
  name?: string
  slug?: string
}

/**
 * Sends an export archive as a new tenant's import (`POST /api/tenants/imports`): the file is the
 * request body as it is, sent as gzip, never read into memory here. Refusals (a damaged archive,
 * an unknown format version, limits: 400; a slug in use: 409) reject with the API's error.
 */
export async function startTenantImport(file: File, names: ImportNames): Promise<TenantImport> {
  const answer = await unwrap(
    folio.POST('/api/tenants/imports', {
      params: { query: names },
      body: file,
      bodySerializer: (body: unknown) => body as Blob,
      headers: { 'content-type': 'application/gzip' },
    }),
  )
  return answer.import
}

/** The caller's tenant import, asked every second until it ends (`GET /api/tenants/imports/{importId}`). */
export const tenantImportQuery = (importId: string) =>
  queryOptions({
    queryKey: ['account', 'tenant-imports', importId],
    queryFn: async () =>
      (await unwrap(folio.GET('/api/tenants/imports/{importId}', { params: { path: { importId } } }))).import,
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : POLL_MS),
  })
