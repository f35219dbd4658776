import type { Db } from '../../db/client.js'
import type { TenantLocales } from '../../lib/locale.js'
/**
 * A tenant's settings as the rest of Folio reads them (the shape `GET /api/tenant-settings` shows,
 * minus the write-only secrets, with every default filled in). Read through
 * `TenantSettingsReader.get`, cached per tenant and dropped on `settings.updated` on every instance.
 */
export interface EffectiveSettings {
  tenantId: string
  createdAt: string | null
  updatedAt: string | null
  smtp: {
    enabled: boolean
    host: string
    port: number | null
    secure: boolean
    /** With a password and without `secure`: STARTTLS must succeed before AUTH (default true). */
    requireTls: boolean
    username: string
    fromName: string
    fromEmail: string
    hasPassword: boolean
  }
  webhook: { enabled: boolean; url: string; hasSecret: boolean }
  branding: {
    siteName: string
    logoUrl: string
    primaryColor: string
    secondaryColor: string
    description: string
  }
  limits: {
    entries: number | null
    media: number | null
    users: number | null
    /** Monthly requests of each budget (docs/decisions/quotas.md "The effective monthly limits"). */
    apiCalls: number | null
    /** Monthly requests of the public budget only. */
    publicApiCalls: number | null
    /** Monthly requests of the admin budget only. */
    adminApiCalls: number | null
    emailPerMonth: number | null
    custom: Record<string, number | null>
  }
  edgeGateway: {
    publicReadEnabled: boolean
    allowLocalhost: boolean
    allowedOrigins: string[]
    /** `max-age` of public GET answers (seconds, 0..86400; default 60): docs/decisions/delivery.md "HTTP caching". */
    cacheMaxAgeSeconds: number
    /** `stale-while-revalidate` of public GET answers (seconds, 0..604800; default 300). */
    staleWhileRevalidateSeconds: number
  }
  /** The locales the tenant serves (docs/decisions/localization.md); `SINGLE_LOCALE` when unset. */
  locales: TenantLocales
  /** Draft preview URL templates by content type, `*` for any other (docs/decisions/preview.md). */
  preview: { urls: Record<string, string> }
  features: Record<string, boolean>
  metadata: Record<string, unknown>
}

/** What the families need from settings, with the secrets when a caller must use them. */
export interface TenantSettingsReader {
  /**
   * The tenant's settings with defaults; cached. `via`: the caller's transaction (a unit of work),
   * read through on a cache miss and not cached.
   */
  get(tenantId: string, via?: Db): Promise<EffectiveSettings>
  /** The decrypted webhook secret, or null (for signing deliveries only). */
  webhookSecret(tenantId: string): Promise<string | null>
  /** The decrypted SMTP password, or null (for sending the tenant's mail only). */
  smtpPassword(tenantId: string): Promise<string | null>
  /** Whether a feature is on: the tenant's switch, else the flag's default, else false. */
  featureEnabled(tenantId: string, key: string, via?: Db): Promise<boolean>
}
