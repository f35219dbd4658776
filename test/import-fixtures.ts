import type { Db } from '../src/db/client.js'
import { createWordPressImporter } from '../src/modules/import/wordpress-import.js'
import { createTenantsService } from '../src/modules/tenants/service.js'

/** The WordPress importer on `db`, with the tenants service it creates tenants through (no sessions involved). */
export function testImporter(db: Db) {
  const tenants = createTenantsService({
    db,
    config: { defaultTenantPlan: 'enterprise', platformAdminEmails: [] },
    sessions: { rotate: async () => undefined },
  })
  return createWordPressImporter({ db, tenants })
}
