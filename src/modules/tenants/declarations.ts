import { Type } from 'typebox'
import { configSection } from '../../config-variables.js'
import { CRUD, declareFamily } from '../../declare.js'
import { Id, Nullable, payload } from '../../events/payloads.js'

const tenant = { id: Id, name: Type.String(), slug: Type.String() }

/** The configuration of tenants (`Config` members). */
export interface TenantsConfig {
  /** How long a deleted tenant can be restored before the purge job removes its data (0: at once). */
  tenantDeletionGraceMs: number
}

/** The tenants family's events (creation, deletion, ownership), permissions and configuration. */
export const declarations = declareFamily({
  events: {
    'tenant.created': payload('A tenant was created', {
      ...tenant,
      plan: Type.String(),
      status: Type.String(),
    }),
    'tenant.deleted': payload('A tenant was deleted (purged after purgeAfter, restorable until then)', {
      ...tenant,
      status: Type.Optional(Type.String()),
      deletionId: Type.Optional(Nullable(Type.String())),
      purgeAfter: Type.Optional(Type.String({ format: 'date-time' })),
      reason: Type.Optional(Type.String()),
    }),
    'tenant.restored': payload('A deleted tenant was restored', { ...tenant, status: Type.String() }),
    'tenant.ownership-transfer-requested': payload('The ownership of the tenant was offered to a member', {
      id: Id,
      name: Type.String(),
      transferId: Id,
      toUserId: Id,
      email: Type.String(),
    }),
    'tenant.ownership-transfer-cancelled': payload('An open ownership transfer of the tenant was withdrawn', {
      id: Id,
      name: Type.String(),
      transferId: Id,
      toUserId: Id,
    }),
    'tenant.ownership-transferred': payload('The ownership of the tenant was transferred', {
      id: Id,
      name: Type.String(),
      fromUserId: Id,
      toUserId: Id,
    }),
  },
  activity: {
    nouns: { tenant: 'the tenant' },
    verbs: {
      'ownership-transfer-requested': 'offered the ownership of',
      'ownership-transferred': 'transferred the ownership of',
      'ownership-transfer-cancelled': 'withdrew the ownership offer of',
    },
  },
  permissions: { tenants: CRUD },
  config: configSection<TenantsConfig>()((to) => ({
    TENANT_DELETION_GRACE_DAYS: to(
      'tenantDeletionGraceMs',
      Type.Number({
        minimum: 0,
        maximum: 3650,
        rule: 'must be a number of days from 0 to 3650',
        default: 30,
        description: 'days a deleted tenant stays restorable (fractions allowed)',
      }),
      (count) => Math.round(count * 24 * 3600 * 1000),
    ),
  })),
})
