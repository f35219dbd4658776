import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errorResponses } from '../../http/schemas.js'
import type { SessionPrincipal } from '../auth/index.js'
import type { BackupService } from './backup-service.js'
import { BackupScheduleBody, NoQuery, PutBackupScheduleBody, TenantIdParams } from './schemas.js'

const WHO =
  'Who: a signed-in user (session) who is an active owner or admin of the tenant (permission tenants:update). A tenant where the caller is no active member answers 404; other members get 403.'

/**
 * A tenant's backup schedule under `/api/tenants/{id}/backups` (docs/decisions/portability.md
 * "Backups"). The backups themselves are exports (`trigger: schedule`), listed, downloaded and
 * removed through the export routes.
 */
export const backupRoutes: FastifyPluginAsyncTypebox<{ backups: BackupService }> = async (
  app,
  { backups },
) => {
  const userOf = (principal: unknown) => (principal as SessionPrincipal).userId

  app.get(
    '/tenants/:id/backups/schedule',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'getTenantBackupSchedule',
        summary: "The tenant's backup schedule",
        description: `How often the tenant is backed up, how many backups are kept, what they include, and when the last and next ran; a schedule never set reads as off. ${WHO}`,
        params: TenantIdParams,
        querystring: NoQuery,
        response: { 200: BackupScheduleBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      schedule: await backups.schedule(request.params.id, userOf(request.principal)),
    }),
  )

  app.put(
    '/tenants/:id/backups/schedule',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['tenants'],
        operationId: 'updateTenantBackupSchedule',
        summary: "Set the tenant's backup schedule",
        description: `Daily or weekly backups (off: none): an hourly job exports the tenant when one is due, into the media store, listed among the exports with trigger "schedule" and restored by importing the archive (POST /api/tenants/imports). Backups are not removed by EXPORT_RETENTION_HOURS: once one succeeds, the backups beyond the newest \`keep\` are removed. Turning backups on (or changing the frequency) makes the next one due at once, unless the last ran less than the period ago. Members left out of the body keep their values. ${WHO}`,
        params: TenantIdParams,
        querystring: NoQuery,
        body: PutBackupScheduleBody,
        response: { 200: BackupScheduleBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      schedule: await backups.setSchedule(request.params.id, userOf(request.principal), request.body),
    }),
  )
}
