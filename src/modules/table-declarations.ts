import type { TableOwnership } from '../db/ownership.js'
import { tables as events } from '../events/tables.js'
import { tables as account } from './account/tables.js'
import { tables as activities } from './activities/tables.js'
import { tables as apiTokens } from './api-tokens/tables.js'
import { tables as auth } from './auth/tables.js'
import { tables as categories } from './categories/tables.js'
import { tables as collections } from './collections/tables.js'
import { tables as contents } from './contents/tables.js'
import { tables as customFields } from './custom-fields/tables.js'
import { tables as featureFlags } from './feature-flags/tables.js'
import { tables as forms } from './forms/tables.js'
import { tables as galleries } from './galleries/tables.js'
import { tables as imports } from './imports/tables.js'
import { tables as live } from './live/tables.js'
import { tables as media } from './media/tables.js'
import { tables as members } from './members/tables.js'
import { tables as menus } from './menus/tables.js'
import { tables as placements } from './placements/tables.js'
import { tables as portability } from './portability/tables.js'
import { tables as quotas } from './quotas/tables.js'
import { tables as roles } from './roles/tables.js'
import { tables as tags } from './tags/tables.js'
import { tables as tenantSettings } from './tenant-settings/tables.js'
import { tables as tenants } from './tenants/tables.js'
import { tables as webhooks } from './webhooks/tables.js'

/**
 * Every area's table declarations (its `tables.ts`), keyed by its folder, one line each: what the
 * tenant export reads to know which tables travel and which columns stay behind
 * (docs/decisions/portability.md "Which tables travel"). `test/tenant-portability-tables.test.ts`
 * fails when a family with a `tables.ts` is missing here.
 */
export const TABLE_DECLARATIONS: Readonly<Record<string, TableOwnership>> = {
  events,
  account,
  activities,
  'api-tokens': apiTokens,
  auth,
  categories,
  collections,
  contents,
  'custom-fields': customFields,
  'feature-flags': featureFlags,
  forms,
  galleries,
  imports,
  live,
  media,
  members,
  menus,
  placements,
  portability,
  quotas,
  roles,
  tags,
  'tenant-settings': tenantSettings,
  tenants,
  webhooks,
}
