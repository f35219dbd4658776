import { join } from 'node:path'
import { type Family, job, type Kernel, mount } from '../../family.js'
import { importsRoutes } from './routes.js'
import { createImportsService, IMPORT_JOB, IMPORT_JOB_OPTIONS, type ImportJob } from './service.js'
import { createImportSpool } from './spool.js'
import type { ImportWriters } from './wordpress-run.js'

export {
  createExternalMediaCopier,
  type ExternalCopies,
  type ExternalMediaCopier,
} from './media-copies.js'
export type { Import } from './schemas.js'
export {
  createWordPressImporter,
  type WordPressImporter,
  type WordPressImportSummary,
} from './wordpress-import.js'
export type { ImportWriters } from './wordpress-run.js'

/**
 * WordPress imports (API contract: `/api/imports`): the export is spooled under
 * `DATA_DIR/imports` and imported by a durable job; a stopped server resumes it.
 */
export function importsFamily(kernel: Kernel, deps: { writers: ImportWriters }) {
  const { config, platform } = kernel
  const imports = createImportsService({
    db: kernel.db,
    events: kernel.events,
    writers: deps.writers,
    download: kernel.outbound.download,
    jobs: platform.jobs,
    spool: createImportSpool(join(config.dataDir, 'imports'), config.importMaxBytes),
    // Embedded PGlite is this process's alone (in memory, or on disk under the DATA_DIR lock).
    exclusiveDatabase: kernel.database.kind === 'pglite',
  })
  return {
    name: 'imports',
    services: { imports },
    adminRoutes: [mount(importsRoutes, { prefix: '/api/imports', service: imports })],
    jobs: [job<ImportJob>(IMPORT_JOB, imports.run, IMPORT_JOB_OPTIONS)],
    onReady: async () => {
      await imports.resume()
    },
    // Imports are cut between two items and queued again while the job runner still runs.
    onClose: () => imports.stop(),
  } satisfies Family
}
