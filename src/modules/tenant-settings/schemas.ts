import { type Static, type TSchema, Type } from 'typebox'
import { DateTime, FreeObject, Nullable } from '../../http/schemas.js'
import { LOCALE_EXPECT, MAX_LOCALES } from '../../lib/locale.js'
import { MAX_PREVIEW_URLS, PREVIEW_URL_MAX_LENGTH } from './preview-urls.js'

/**
 * `GET/PUT /api/tenant-settings` (API contract). Every object is closed
 * (`additionalProperties: false`): an unknown member anywhere is a 400 that names it. Limits on
 * lengths and shapes are Folio's (the spec gives none): host 253 (a DNS name), URLs 2048, colors
 * `#rgb`/`#rrggbb`, origins as URL origins or `https://*.example.com` wildcards.
 */
export const HOST_MAX_LENGTH = 253
export const URL_MAX_LENGTH = 2048
/** Names in `features` and `limits.custom`. */
export const MAX_NAMED_ENTRIES = 50
export const MAX_ALLOWED_ORIGINS = 100
/** Bounds of the public answers' freshness (a day) and stale serving (a week), in seconds. */
export const MAX_CACHE_MAX_AGE_SECONDS = 86_400
export const MAX_STALE_WHILE_REVALIDATE_SECONDS = 604_800
const MAX_AGE_DESCRIPTION =
  'Seconds browsers and shared caches may reuse a public GET answer (Cache-Control max-age; 0..86400, default 60)'
const STALE_DESCRIPTION =
  'Seconds a cache may keep serving a public GET answer after max-age while it revalidates (Cache-Control stale-while-revalidate; 0..604800, default 300)'
/** A limit value: a whole number of things (or calls) ≥ 0, below 10^12. */
const LIMIT_MAX = 999_999_999_999

/** An object of optional members and no others (an update: send what changes). */
const closedPartial = <T extends Record<string, TSchema>>(properties: T, options: object = {}) =>
  Type.Partial(Type.Object(properties), { additionalProperties: false, ...options })

const Text = (maxLength: number) => Type.String({ maxLength })

/** A name in `features` or `limits.custom`: a letter, then letters, digits, `_ . -` (64 at most). */
const NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_.-]{0,63}$'
const NAME_EXPECT = 'a name of up to 64 letters, digits, "_", "." or "-", starting with a letter'

const Host = Type.String({
  maxLength: HOST_MAX_LENGTH,
  pattern:
    '^(|[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*\\.?|[0-9A-Fa-f:.]+)$',
  'x-expect': 'a host name or IP address (253 characters at most), or "" to clear',
})
const Email = Type.String({
  maxLength: 254,
  pattern: '^(|[^\\s@<>"]+@[^\\s@<>"]+\\.[^\\s@<>"]+)$',
  'x-expect': 'an e-mail address, or "" to clear',
})
/** An absolute http(s) URL; the service also refuses user names and passwords in it. */
const HttpUrl = Type.String({
  maxLength: URL_MAX_LENGTH,
  pattern: '^(|[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+[^\\s]*)$',
  'x-expect': 'an absolute http: or https: URL (2048 characters at most), or "" to clear',
})
const Color = Type.String({
  pattern: '^(|#[0-9A-Fa-f]{3}|#[0-9A-Fa-f]{6})$',
  'x-expect': 'a color as #rgb or #rrggbb, or "" to clear',
})
/** `scheme://host[:port]` or `scheme://*.suffix[:port]`, http(s) only; the service checks it parses. */
const Origin = Type.String({
  maxLength: 300,
  pattern:
    '^[Hh][Tt][Tt][Pp][Ss]?://(\\*\\.)?[A-Za-z0-9.-]+(:[0-9]{1,5})?$|^[Hh][Tt][Tt][Pp][Ss]?://\\[[0-9A-Fa-f:.]+\\](:[0-9]{1,5})?$',
  'x-expect': 'an origin such as https://www.example.com or a wildcard such as https://*.example.com',
})
const LimitValue = Nullable(Type.Integer({ minimum: 0, maximum: LIMIT_MAX }))
/** The monthly request limits (docs/decisions/quotas.md "The effective monthly limits"). */
const API_CALLS_DESCRIPTION =
  'Monthly requests of each budget (public delivery and admin, counted apart); with the plan and the budget’s own limit, the smallest value set applies'
const PUBLIC_API_CALLS_DESCRIPTION =
  'Monthly requests of the public budget (/api/public routes) only; the smallest of this, apiCalls and the plan’s limit applies'
const ADMIN_API_CALLS_DESCRIPTION =
  'Monthly requests of the admin budget (authenticated tenant routes) only; the smallest of this, apiCalls and the plan’s limit applies'
/**
 * A map of names to `value`, as a plain object schema (OpenAPI 3.0 has no `patternProperties` nor
 * `propertyNames`); the names themselves are checked by `checkNames` in the service.
 */
const NamedMap = <T extends TSchema>(value: T, maxProperties?: number) =>
  Type.Unsafe<Record<string, Static<T>>>({
    type: 'object',
    additionalProperties: value,
    ...(maxProperties === undefined ? {} : { maxProperties }),
  })
/** A locale as sent: its form and canonical case are checked by `lib/locale.ts`. */
const LocaleTag = Type.String({ minLength: 2, maxLength: 35, 'x-expect': LOCALE_EXPECT })
const LOCALES_DESCRIPTION =
  'The locales the tenant serves (docs/decisions/localization.md): BCP 47 tags, the default among them, and the next locale to try for each (no cycles). Without it: one locale, en.'

const PREVIEW_DESCRIPTION =
  'Draft preview URL templates by content type (`*`: any other type): absolute http(s) URLs whose origin the edge policy allows, with the placeholders {token}, {slug}, {locale}, {id} and {type} (filled URL-encoded by POST /api/contents/{id}/preview-token). At most 50, 2048 characters each.'
/** A preview URL template; the service checks its placeholders and origin (preview-urls.ts). */
const PreviewTemplate = Type.String({
  minLength: 1,
  maxLength: PREVIEW_URL_MAX_LENGTH,
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+[^\\s]*$',
  'x-expect': 'an absolute http: or https: URL',
})

export const NAME_RULE = { pattern: new RegExp(NAME_PATTERN), expect: NAME_EXPECT }

export const SettingsSchema = Type.Object({
  tenantId: Type.String(),
  createdAt: Nullable(DateTime),
  updatedAt: Nullable(DateTime),
  smtp: Type.Object({
    enabled: Type.Boolean(),
    host: Type.String(),
    port: Nullable(Type.Integer()),
    secure: Type.Boolean(),
    requireTls: Type.Boolean({
      description:
        'With a password and secure false, STARTTLS must succeed before the password is sent (default true). false allows a plaintext login (a relay on a trusted network only).',
    }),
    username: Type.String(),
    fromName: Type.String(),
    fromEmail: Type.String(),
    hasPassword: Type.Boolean(),
  }),
  webhook: Type.Object({ enabled: Type.Boolean(), url: Type.String(), hasSecret: Type.Boolean() }),
  branding: Type.Object({
    siteName: Type.String(),
    logoUrl: Type.String(),
    primaryColor: Type.String(),
    secondaryColor: Type.String(),
    description: Type.String(),
  }),
  limits: Type.Object({
    entries: Nullable(Type.Integer()),
    media: Nullable(Type.Integer()),
    users: Nullable(Type.Integer()),
    apiCalls: Nullable(Type.Integer({ description: API_CALLS_DESCRIPTION })),
    publicApiCalls: Nullable(Type.Integer({ description: PUBLIC_API_CALLS_DESCRIPTION })),
    adminApiCalls: Nullable(Type.Integer({ description: ADMIN_API_CALLS_DESCRIPTION })),
    emailPerMonth: Nullable(Type.Integer()),
    custom: NamedMap(Nullable(Type.Integer())),
  }),
  edgeGateway: Type.Object({
    publicReadEnabled: Type.Boolean(),
    allowLocalhost: Type.Boolean(),
    allowedOrigins: Type.Array(Type.String()),
    cacheMaxAgeSeconds: Type.Integer({ description: MAX_AGE_DESCRIPTION }),
    staleWhileRevalidateSeconds: Type.Integer({ description: STALE_DESCRIPTION }),
  }),
  locales: Type.Object(
    {
      default: Type.String(),
      available: Type.Array(Type.String()),
      fallbacks: NamedMap(Type.String()),
    },
    { description: LOCALES_DESCRIPTION },
  ),
  preview: Type.Object({ urls: NamedMap(Type.String()) }, { description: PREVIEW_DESCRIPTION }),
  features: NamedMap(Type.Boolean()),
  metadata: FreeObject,
})

export const SettingsBody = Type.Object({ settings: SettingsSchema })

export const SmtpUpdate = closedPartial({
  enabled: Type.Boolean(),
  host: Nullable(Host),
  port: Nullable(Type.Integer({ minimum: 1, maximum: 65535 })),
  secure: Type.Boolean(),
  requireTls: Type.Boolean(),
  username: Nullable(Text(254)),
  password: Nullable(Text(1024)),
  fromName: Nullable(Text(200)),
  fromEmail: Nullable(Email),
})
export const WebhookUpdate = closedPartial({
  enabled: Type.Boolean(),
  url: Nullable(HttpUrl),
  secret: Nullable(Text(1024)),
})
export const BrandingUpdate = closedPartial({
  siteName: Text(200),
  logoUrl: HttpUrl,
  primaryColor: Color,
  secondaryColor: Color,
  description: Text(1000),
})
export const LimitsUpdate = closedPartial({
  entries: LimitValue,
  media: LimitValue,
  users: LimitValue,
  apiCalls: Nullable(Type.Integer({ minimum: 0, maximum: LIMIT_MAX, description: API_CALLS_DESCRIPTION })),
  publicApiCalls: Nullable(
    Type.Integer({ minimum: 0, maximum: LIMIT_MAX, description: PUBLIC_API_CALLS_DESCRIPTION }),
  ),
  adminApiCalls: Nullable(
    Type.Integer({ minimum: 0, maximum: LIMIT_MAX, description: ADMIN_API_CALLS_DESCRIPTION }),
  ),
  emailPerMonth: LimitValue,
  custom: NamedMap(LimitValue, MAX_NAMED_ENTRIES),
})
export const EdgeGatewayUpdate = closedPartial({
  publicReadEnabled: Type.Boolean(),
  allowLocalhost: Type.Boolean(),
  allowedOrigins: Type.Array(Origin, { maxItems: MAX_ALLOWED_ORIGINS }),
  cacheMaxAgeSeconds: Type.Integer({
    minimum: 0,
    maximum: MAX_CACHE_MAX_AGE_SECONDS,
    description: MAX_AGE_DESCRIPTION,
  }),
  staleWhileRevalidateSeconds: Type.Integer({
    minimum: 0,
    maximum: MAX_STALE_WHILE_REVALIDATE_SECONDS,
    description: STALE_DESCRIPTION,
  }),
})

export const LocalesUpdate = closedPartial(
  {
    default: LocaleTag,
    available: Type.Array(LocaleTag, { minItems: 1, maxItems: MAX_LOCALES }),
    fallbacks: NamedMap(LocaleTag, MAX_LOCALES),
  },
  { description: `${LOCALES_DESCRIPTION} A member sent replaces the stored one whole.` },
)

export const UpdateSettingsBody = closedPartial(
  {
    smtp: SmtpUpdate,
    webhook: WebhookUpdate,
    branding: BrandingUpdate,
    limits: LimitsUpdate,
    edgeGateway: EdgeGatewayUpdate,
    locales: LocalesUpdate,
    preview: closedPartial(
      { urls: NamedMap(PreviewTemplate, MAX_PREVIEW_URLS) },
      { description: `${PREVIEW_DESCRIPTION} \`urls\` sent replaces the stored map whole.` },
    ),
    features: NamedMap(Type.Boolean(), MAX_NAMED_ENTRIES),
    metadata: FreeObject,
  },
  {
    example: {
      branding: { siteName: 'Ada Blog', primaryColor: '#1a2b3c' },
      limits: { entries: 1000 },
      features: { contentScheduling: true },
    },
  },
)
export type UpdateSettingsBody = Static<typeof UpdateSettingsBody>

export const SmtpTestResult = Type.Object({
  sent: Type.Boolean(),
  to: Type.String(),
  via: Type.Unsafe<'tenant' | 'platform'>({
    type: 'string',
    enum: ['tenant', 'platform'],
    description: "tenant: the tenant's SMTP server; platform: Folio's own mail (tenant SMTP is off)",
  }),
})
