import type { TableOwnership } from '../../db/ownership.js'
import { tenantSettings, webhookDeliveries } from '../../db/schema/index.js'

/**
 * The tables the webhooks family owns, which only it writes, and the other families' tables it reads
 * (docs/architecture.md "Table ownership").
 */
export const tables = {
  owns: [webhookDeliveries],
  reads: [
    {
      table: tenantSettings,
      why: "the webhooks consumer records deliveries only for tenants whose webhook is on (read in the relay's transaction)",
    },
  ],
} satisfies TableOwnership
