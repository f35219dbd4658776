import type { TableOwnership } from '../../db/ownership.js'
import {
  memberships,
  tenantBackupSchedules,
  tenantExports,
  tenantImports,
  tenants,
  users,
} from '../../db/schema/index.js'

/**
 * The tables the portability family owns, the other families' tables it reads, and its one
 * exception: an import writes a new tenant's rows into every portable table (docs/architecture.md
 * "Table ownership", docs/decisions/portability.md).
 */
export const tables = {
  owns: [tenantExports, tenantImports, tenantBackupSchedules],
  portable: {
    tenant_exports: { export: false, why: "an export's record belongs to the instance that wrote it" },
    tenant_backup_schedules: {
      export: false,
      why: "backups are the instance's care for the data it holds: an imported tenant is backed up only once its new instance is told to",
    },
  },
  reads: [
    {
      table: memberships,
      why: "an export lists the tenant's members (members.ndjson); only owners and admins export",
    },
    { table: users, why: "an export lists the members' names and addresses (members.ndjson)" },
    {
      table: tenants,
      why: "an export names its tenant; an import checks that the new tenant's slug is free; backups are started for live tenants only",
    },
  ],
  writesToEveryTable:
    'An import (import-service.ts) writes the new tenant\'s rows into every portable table, named at run time from the schema and the tables\' portable entries, in one transaction, so that a new table travels without code of its own (docs/decisions/portability.md "Schema-driven").',
} satisfies TableOwnership
