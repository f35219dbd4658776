import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { featureFlags, tenantSettings } from '../../db/schema/index.js'
import type { EventBus } from '../../events/bus.js'
import { createTenantCache } from '../../events/tenant-cache.js'
import { SINGLE_LOCALE, type TenantLocales } from '../../lib/locale.js'
import type { SecretBox } from '../../lib/secrets.js'
import type { EffectiveSettings, TenantSettingsReader } from './effective.js'

/** How long a tenant's settings stay cached when no `settings.updated` arrives (ms). */
const CACHE_TTL_MS = 60_000
const MAX_CACHED_TENANTS = 10_000
/**
 * How long shared caches and browsers may keep a public GET answer, and serve it stale while they
 * revalidate, unless the tenant says otherwise (docs/decisions/delivery.md "HTTP caching"): a
 * minute keeps edits visible soon, five more minutes keep a site up while Folio is slow.
 */
export const DEFAULT_CACHE_MAX_AGE_SECONDS = 60
export const DEFAULT_STALE_WHILE_REVALIDATE_SECONDS = 300

/** Where each encrypted secret belongs (the AAD of `SecretBox`): a copied ciphertext does not decrypt. */
export const smtpPasswordContext = (tenantId: string) => `tenant:${tenantId}:smtp.password`
export const webhookSecretContext = (tenantId: string) => `tenant:${tenantId}:webhook.secret`

type SettingsRow = typeof tenantSettings.$inferSelect

/** Every group with its defaults (API contract: GET /api/tenant-settings); limits null mean "no value". */
export function defaultSettings(tenantId: string): EffectiveSettings {
  return {
    tenantId,
    createdAt: null,
    updatedAt: null,
    smtp: {
      enabled: false,
      host: '',
      port: null,
      secure: false,
      requireTls: true,
      username: '',
      fromName: '',
      fromEmail: '',
      hasPassword: false,
    },
    webhook: { enabled: false, url: '', hasSecret: false },
    branding: { siteName: '', logoUrl: '', primaryColor: '', secondaryColor: '', description: '' },
    limits: {
      entries: null,
      media: null,
      users: null,
      apiCalls: null,
      publicApiCalls: null,
      adminApiCalls: null,
      emailPerMonth: null,
      custom: {},
    },
    edgeGateway: {
      publicReadEnabled: true,
      allowLocalhost: false,
      allowedOrigins: [],
      cacheMaxAgeSeconds: DEFAULT_CACHE_MAX_AGE_SECONDS,
      staleWhileRevalidateSeconds: DEFAULT_STALE_WHILE_REVALIDATE_SECONDS,
    },
    locales: { ...SINGLE_LOCALE, available: [...SINGLE_LOCALE.available], fallbacks: {} },
    preview: { urls: {} },
    features: {},
    metadata: {},
  }
}

/** The stored row over the defaults: each group's stored members win, the others keep theirs. */
export function effectiveOf(tenantId: string, row: SettingsRow | undefined): EffectiveSettings {
  const base = defaultSettings(tenantId)
  if (row === undefined) return base
  return {
    tenantId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    smtp: { ...base.smtp, ...row.smtp, hasPassword: row.smtpPasswordEncrypted !== null },
    webhook: { ...base.webhook, ...row.webhook, hasSecret: row.webhookSecretEncrypted !== null },
    branding: { ...base.branding, ...row.branding },
    limits: { ...base.limits, ...row.limits },
    edgeGateway: { ...base.edgeGateway, ...row.edgeGateway },
    locales: { ...base.locales, ...(row.locales as Partial<TenantLocales>) },
    preview: { urls: { ...(row.preview as { urls?: Record<string, string> }).urls } },
    features: { ...row.features },
    metadata: { ...row.metadata },
  }
}

/**
 * Reads tenant settings for the rest of Folio: cached per tenant for a minute, dropped on every
 * instance when a `settings.*` event commits (the bus). Secrets are decrypted only on request.
 */
export function createTenantSettingsReader(deps: {
  db: Db
  bus: EventBus
  secrets: SecretBox
}): TenantSettingsReader {
  const { db, bus, secrets } = deps
  const cache = createTenantCache<EffectiveSettings>(bus, {
    dropOn: ['settings.'],
    clearOn: ['feature-flag.'],
    ttlMs: CACHE_TTL_MS,
    max: MAX_CACHED_TENANTS,
  })

  async function row(tenantId: string, from: Db = db) {
    const [found] = await from.select().from(tenantSettings).where(eq(tenantSettings.tenantId, tenantId))
    return found
  }

  return {
    async get(tenantId, via) {
      if (via === undefined)
        return cache.get(tenantId, '', async () => effectiveOf(tenantId, await row(tenantId)))
      return cache.peek(tenantId) ?? effectiveOf(tenantId, await row(tenantId, via))
    },
    async webhookSecret(tenantId) {
      const found = await row(tenantId)
      return found?.webhookSecretEncrypted
        ? secrets.decrypt(found.webhookSecretEncrypted, webhookSecretContext(tenantId))
        : null
    },
    async smtpPassword(tenantId) {
      const found = await row(tenantId)
      return found?.smtpPasswordEncrypted
        ? secrets.decrypt(found.smtpPasswordEncrypted, smtpPasswordContext(tenantId))
        : null
    },
    async featureEnabled(tenantId, key, via) {
      const settings = await this.get(tenantId, via)
      const own = settings.features[key]
      if (own !== undefined) return own
      const [flag] = await (via ?? db)
        .select({ defaultEnabled: featureFlags.defaultEnabled })
        .from(featureFlags)
        .where(eq(featureFlags.key, key))
      return flag?.defaultEnabled ?? false
    },
  }
}
