import { join } from 'node:path'
import { type Family, job, type Kernel, mount } from '../../family.js'
import type { MediaStorage } from '../media/index.js'
import type { RoleResolver } from '../roles/index.js'
import { createExportService, EXPORT_JOB, EXPORT_SWEEP_JOB, type ExportJob } from './export-service.js'
import { createImportService, IMPORT_JOB, type ImportJob } from './import-service.js'
import { portabilityRoutes } from './routes.js'

export type { ExportService } from './export-service.js'
export type { ImportService } from './import-service.js'

/**
 * Tenant portability (API contract: `/api/tenants/{id}/exports`, `/api/tenants/imports`): a whole
 * tenant exported into one archive, and an archive imported as a new tenant
 * (docs/decisions/portability.md). Work files live under `DATA_DIR/portability`.
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
    services: { tenantExports, tenantImports },
    adminRoutes: [
      mount(portabilityRoutes, { prefix: '/api', exports: tenantExports, imports: tenantImports }),
    ],
    jobs: [
      job<ExportJob>(EXPORT_JOB, tenantExports.run, { retryLimit: 0, expireInSeconds: 6 * 3600 }),
      job<ImportJob>(IMPORT_JOB, tenantImports.run, { retryLimit: 0, expireInSeconds: 6 * 3600 }),
      job(
        EXPORT_SWEEP_JOB,
        async () => {
          await tenantExports.sweep()
        },
        { every: '17 * * * *' },
      ),
    ],
    onReady: async () => {
      await tenantExports.resume()
      await tenantImports.resume()
    },
  } satisfies Family
}
