import type { Config } from './config.js'
import type { Database } from './db/client.js'
import { createSecretBox } from './lib/secrets.js'
import type { Mailer } from './mail/mailer.js'
import { createApiTokensService } from './modules/api-tokens/service.js'
import { createCredentials } from './modules/auth/credentials.js'
import { createAuthService } from './modules/auth/service.js'
import { createCategoriesService } from './modules/categories/service.js'
import { createListTotals } from './modules/contents/list-totals.js'
import { createContentsService } from './modules/contents/service.js'
import { createMediaService } from './modules/media/service.js'
import { createQuotaService } from './modules/quotas/service.js'
import { createTagsService } from './modules/tags/service.js'
import { createTenantSettingsReader } from './modules/tenant-settings/reader.js'
import { createTenantDirectory } from './modules/tenants/directory.js'
import { createTenantsService } from './modules/tenants/service.js'
import { createUsersService } from './modules/users/service.js'
import type { Platform } from './platform.js'
import type { SharedStore } from './store/shared-store.js'

/**
 * The composition root for services: the same objects serve HTTP routes, the WordPress importer
 * and scripts (style.md example 4), so there is one write path per resource.
 */
export function createServices(deps: {
  config: Readonly<Config>
  database: Database
  store: SharedStore
  mailer: Mailer
  platform: Platform
}) {
  const { config, store, mailer, platform } = deps
  const db = deps.database.db
  const credentials = createCredentials({ db, appSecret: config.appSecret, store })
  const auth = createAuthService({ db, config, credentials, store, mailer })
  const users = createUsersService({ db, auth })
  const tenants = createTenantsService({ db, config, sessions: auth.sessions })
  const apiTokens = createApiTokensService({ db, credentials })
  const media = createMediaService({ db })
  const listTotals = createListTotals(store)
  const categories = createCategoriesService({ db, listTotals })
  const tags = createTagsService({ db })
  const contents = createContentsService({ db, listTotals })
  const secrets = createSecretBox(config.appSecret, config.appSecretPrevious)
  const settings = createTenantSettingsReader({ db, bus: platform.bus, secrets })
  const tenantDirectory = createTenantDirectory({ db, bus: platform.bus })
  const quota = createQuotaService({
    meter: platform.meter,
    usage: platform.usage,
    tenants: tenantDirectory,
    settings,
    bus: platform.bus,
  })
  return {
    secrets,
    settings,
    tenantDirectory,
    quota,
    credentials,
    auth,
    users,
    tenants,
    apiTokens,
    media,
    categories,
    tags,
    contents,
    listTotals,
    activities: platform.activities,
  }
}

export type Services = ReturnType<typeof createServices>
