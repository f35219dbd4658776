import type { TableOwnership } from '../../db/ownership.js'
import { tenantSettings, webhookDeliveries } from '../../db/schema/index.js'

/**
 * The tables the webhooks family owns, which only it writes, and the other families' tables it reads
 * (docs/architecture.md "Table ownership").
 */
export const tables = {
  owns: [webhookDeliveries],
  portable: {
    webhook_deliveries: { export: false, why: 'deliveries of past events to the receiver' },
  },
  reads: [
    {
      table: tenantSettings,
      why: "the webhooks consumer records deliveries only for tenants whose webhook is on (read in the relay's transaction)",
    },
  ],
} satisfies TableOwnership
