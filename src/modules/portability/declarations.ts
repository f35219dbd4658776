import { Type } from 'typebox'
import { configSection, int } from '../../config-variables.js'
import { declareFamily } from '../../declare.js'
import { Id, payload } from '../../events/payloads.js'

/** The configuration of tenant portability (`Config` members). */
export interface PortabilityConfig {
  /** Hours an export's archive is kept before the sweep removes it (docs/decisions/portability.md). */
  exportRetentionHours: number
  /** The largest archive `POST /api/tenants/imports` takes (bytes); more is refused 413. */
  tenantImportMaxBytes: number
}

/** The portability family's event and configuration. */
export const declarations = declareFamily({
  events: {
    'tenant.imported': payload(
      'A tenant was created from an export archive (its rows record no events of their own)',
      {
        id: Id,
        name: Type.String(),
        slug: Type.String(),
        sourceTenantId: Id,
        rows: Type.Integer(),
        mediaFiles: Type.Integer(),
      },
    ),
  },
  activity: { verbs: { imported: 'imported' } },
  config: configSection<PortabilityConfig>()((to) => ({
    EXPORT_RETENTION_HOURS: to(
      'exportRetentionHours',
      int(1, 24 * 365, 168, 'hours a tenant export archive is kept before it is removed'),
    ),
    TENANT_IMPORT_MAX_BYTES: to(
      'tenantImportMaxBytes',
      int(1024 * 1024, 2 ** 40, 2 * 1024 ** 3, 'largest tenant export archive an import takes (bytes)'),
    ),
  })),
})
