import type { Config } from './config.js'
import type { Database } from './db/client.js'
import { createOutbound } from './lib/outbound.js'
import { createSecretBox } from './lib/secrets.js'
import type { Mailer } from './mail/mailer.js'
import { createApiTokensService } from './modules/api-tokens/service.js'
import { createCredentials } from './modules/auth/credentials.js'
import { createAuthService } from './modules/auth/service.js'
import { createCategoriesService } from './modules/categories/service.js'
import { createListTotals } from './modules/contents/list-totals.js'
import { createContentsService } from './modules/contents/service.js'
import { createFeatureFlagsService } from './modules/feature-flags/service.js'
import { createMediaService } from './modules/media/service.js'
import { createTagsService } from './modules/tags/service.js'
import { createTenantSettingsReader } from './modules/tenant-settings/reader.js'
import { createTenantSettingsService } from './modules/tenant-settings/service.js'
import { createMailCounter, createTenantMailer } from './modules/tenant-settings/tenant-mail.js'
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
  const secrets = createSecretBox(config.appSecret, config.appSecretPrevious)
  const settings = createTenantSettingsReader({ db, bus: platform.bus, secrets })
  const outbound = createOutbound({ allowPrivate: config.outboundAllowPrivate })
  const credentials = createCredentials({ db, appSecret: config.appSecret, store })
  const auth = createAuthService({ db, config, credentials, store, mailer })
  const users = createUsersService({ db, auth })
  const tenants = createTenantsService({ db, config, sessions: auth.sessions, settings })
  const apiTokens = createApiTokensService({ db, credentials })
  const media = createMediaService({ db, settings })
  const listTotals = createListTotals(store)
  const categories = createCategoriesService({ db, listTotals })
  const tags = createTagsService({ db })
  const contents = createContentsService({ db, listTotals, settings })
  const tenantSettings = createTenantSettingsService({ db, sink: platform.bus.sink, secrets, outbound })
  const tenantMailer = createTenantMailer({
    settings,
    platformMailer: mailer,
    outbound,
    counter: createMailCounter(store),
  })
  const featureFlags = createFeatureFlagsService({ db, config })
  return {
    secrets,
    settings,
    tenantSettings,
    tenantMailer,
    featureFlags,
    /** The SSRF-guarded outbound client (close it with the app). */
    outbound,
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
