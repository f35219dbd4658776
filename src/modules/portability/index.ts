import { join } from 'node:path'
import { type Family, job, type Kernel, mount } from '../../family.js'
import type { MediaStorage } from '../media/index.js'
import type { RoleResolver } from '../roles/index.js'
import { backupRoutes } from './backup-routes.js'
import { BACKUP_JOB, createBackupService } from './backup-service.js'
import { createExportService, EXPORT_JOB, EXPORT_SWEEP_JOB, type ExportJob } from './export-service.js'
import { createImportService, IMPORT_JOB, type ImportJob } from './import-service.js'
import { portabilityRoutes } from './routes.js'

export type { BackupService } from './backup-service.js'
export type { ExportService } from './export-service.js'
export type { ImportService } from './import-service.js'

/**
 * Tenant portability (API contract: `/api/tenants/{id}/exports`, `/api/tenants/{id}/backups`,
 * `/api/tenants/imports`): a whole tenant exported into one archive, on request or by its backup
 * schedule, and an archive imported as a new tenant (docs/decisions/portability.md). Work files
 * live under `DATA_DIR/portability`.
 */
export function portabilityFamily(kernel: Kernel, deps: { storage: MediaStorage; roles: RoleResolver }) {
  const { db, config, platform } = kernel
  const workDir = join(config.dataDir, 'portability')
  const tenantExports = createExportService({
    db,
    events: kernel.events,
    storage: deps.storage,
    jobs: platform.jobs,
    roles: deps.roles,
    workDir,
    retentionHours: config.exportRetentionHours,
  })
  const tenantBackups = createBackupService({
    db,
    events: kernel.events,
    storage: deps.storage,
    jobs: platform.jobs,
    roles: deps.roles,
  })
  const tenantImports = createImportService({
    db,
    events: kernel.events,
    storage: deps.storage,
    jobs: platform.jobs,
    workDir,
    defaultPlan: config.defaultTenantPlan,
    maxBytes: config.tenantImportMaxBytes,
  })
  return {
    name: 'portability',
    services: { tenantExports, tenantBackups, tenantImports },
    adminRoutes: [
      mount(portabilityRoutes, { prefix: '/api', exports: tenantExports, imports: tenantImports }),
      mount(backupRoutes, { prefix: '/api', backups: tenantBackups }),
    ],
    jobs: [
      job<ExportJob>(
        EXPORT_JOB,
        async (data) => {
          await tenantBackups.afterExport(await tenantExports.run(data))
        },
        { retryLimit: 0, expireInSeconds: 6 * 3600 },
      ),
      job<ImportJob>(IMPORT_JOB, tenantImports.run, { retryLimit: 0, expireInSeconds: 6 * 3600 }),
      job(
        EXPORT_SWEEP_JOB,
        async () => {
          await tenantExports.sweep()
        },
        { every: '17 * * * *' },
      ),
      job(
        BACKUP_JOB,
        async () => {
          await tenantBackups.startDue()
        },
        { every: '7 * * * *' },
      ),
    ],
    onReady: async () => {
      await tenantExports.resume()
      await tenantImports.resume()
    },
  } satisfies Family
}
