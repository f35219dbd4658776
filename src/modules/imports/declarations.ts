import { configSection, int, MiB } from '../../config-variables.js'
import { declareFamily } from '../../declare.js'

/** The configuration of imports (`Config` members). */
export interface ImportsConfig {
  /** Largest WordPress export accepted by `POST /api/imports/wordpress` (413 beyond). */
  importMaxBytes: number
}

/** The imports family's configuration (an import writes through the other families: no events of its own). */
export const declarations = declareFamily({
  config: configSection<ImportsConfig>()((to) => ({
    IMPORT_MAX_BYTES: to('importMaxBytes', int(1024, 2 ** 31, 50 * MiB, 'largest WordPress export (bytes)')),
  })),
})
