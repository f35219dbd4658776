/**
 * The error catalog: every error Folio answers with has a stable PascalCase code and a fixed HTTP
 * status (docs/decisions/http.md "Error body"). Services throw these through the named constructors
 * below; the one error handler (`error-handler.ts`) renders them as `{ error, message }`.
 */
const STATUS_BY_CODE = {
  ValidationFailed: 400,
  BadRequest: 400,
  TenantRequired: 400,
  InvalidToken: 400,
  ConfirmationMismatch: 400,
  LastOwnerRestriction: 400,
  QueryTimeout: 400,
  Unauthorized: 401,
  InvalidCredentials: 401,
  Forbidden: 403,
  InsufficientScope: 403,
  CsrfTokenInvalid: 403,
  PlanNotAllowed: 403,
  EmailNotVerified: 403,
  LimitExceeded: 403,
  NotFound: 404,
  Conflict: 409,
  SlugConflict: 409,
  VersionConflict: 409,
  ContentNotPublished: 409,
  NoPendingDraft: 409,
  RestoreWindowExpired: 409,
  UniqueFieldViolation: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  RateLimitExceeded: 429,
  RequestLimitExceeded: 429,
  InternalServerError: 500,
  GoogleUnlinkRefused: 409,
  GoogleNotLinked: 409,
  ServiceUnavailable: 503,
  GoogleSignInDisabled: 503,
} as const

export type ErrorCode = keyof typeof STATUS_BY_CODE

/** Every code of the catalog, in catalog order; the OpenAPI document publishes them as `ErrorCode`. */
export const ERROR_CODES = Object.keys(STATUS_BY_CODE) as ErrorCode[]

export class AppError extends Error {
  readonly statusCode: number
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra members rendered beside `error` and `message` (e.g. `details`, `retryAfter`). */
    readonly extra: Record<string, unknown> = {},
    /** Response headers the error needs (e.g. `Retry-After`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.statusCode = STATUS_BY_CODE[code]
  }
}

export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code]
}

export const errors = {
  validation: (message: string, details?: unknown) =>
    new AppError('ValidationFailed', message, details === undefined ? {} : { details }),
  badRequest: (message: string) => new AppError('BadRequest', message),
  tenantRequired: () =>
    new AppError(
      'TenantRequired',
      'This route acts on a tenant: send tenantId or X-Tenant-ID, or switch tenant first.',
    ),
  invalidToken: (message = 'The token is invalid or has expired.') => new AppError('InvalidToken', message),
  unauthorized: (message = 'Authentication is required.') => new AppError('Unauthorized', message),
  invalidCredentials: () => new AppError('InvalidCredentials', 'Invalid e-mail or password.'),
  forbidden: (message = 'You do not have permission to do this.') => new AppError('Forbidden', message),
  insufficientScope: (scope: string) =>
    new AppError('InsufficientScope', `This API token lacks the "${scope}" scope this request needs.`),
  csrf: () =>
    new AppError('CsrfTokenInvalid', 'The X-CSRF-Token header is missing or does not match the session.'),
  /** 403 when what is asked needs an address proven through Folio's own mail (docs/decisions/accounts.md). */
  emailNotVerified: (message: string) => new AppError('EmailNotVerified', message),
  planNotAllowed: (plan: string) =>
    new AppError('PlanNotAllowed', `The plan "${plan}" cannot be requested here.`),
  /**
   * 403 when a tenant limit from its settings (`limits.entries`, `limits.media`, `limits.emailPerMonth`)
   * is reached: `limitName` names it, `limit` and `usage` give the numbers.
   */
  limitExceeded: (limitName: string, limit: number, usage: number) =>
    new AppError(
      'LimitExceeded',
      `The tenant's "${limitName}" limit (${limit}) is reached; raise limits.${limitName} in the tenant settings or remove something first.`,
      { limitName, limit, usage },
    ),
  /**
   * 403 when Folio's own mail server sent a tenant's daily share (`TENANT_PLATFORM_MAIL_PER_DAY`), a
   * platform limit the tenant cannot raise (docs/decisions/jobs-and-events.md "Whose mail server").
   */
  platformMailLimit: (limit: number, usage: number) =>
    new AppError(
      'LimitExceeded',
      `Folio's mail sent today's ${limit} mails for this tenant; more go tomorrow, or now through the tenant's own SMTP server (tenant settings, smtp).`,
      { limitName: 'platformMailPerDay', limit, usage },
    ),
  /**
   * 400 when a change would leave a tenant without an active owner (docs/decisions/auth.md "A
   * tenant always keeps an active owner"); `blockingTenants` lists them where more than one can be
   * concerned (account deletion).
   */
  lastOwner: (message: string, blockingTenants?: unknown[]) =>
    new AppError('LastOwnerRestriction', message, blockingTenants === undefined ? {} : { blockingTenants }),
  /** Absence and another tenant's record look the same (docs/decisions/tenancy.md). */
  notFound: (resource: string) => new AppError('NotFound', `${resource} not found.`),
  conflict: (message: string) => new AppError('Conflict', message),
  /** 400 when a typed confirmation (tenant deletion: the slug) does not match `expected`'s meaning. */
  confirmationMismatch: (message: string) => new AppError('ConfirmationMismatch', message),
  /** 409 when a deleted tenant's grace period has passed (or its purge began): it cannot come back. */
  restoreWindowExpired: () =>
    new AppError(
      'RestoreWindowExpired',
      'The grace period of this deletion has passed; the tenant cannot be restored.',
    ),
  /** `suggestions`: free alternatives the client may offer instead (tenant creation). */
  slugConflict: (slug: string, suggestions?: string[]) =>
    new AppError(
      'SlugConflict',
      `The slug "${slug}" is already in use.`,
      suggestions === undefined ? {} : { suggestions },
    ),
  /**
   * 409 when a write names the version it was based on (`expectedVersion`) and the record has moved
   * on: someone else saved meanwhile. `current` tells the client what to load and show.
   */
  versionConflict: (current: {
    version: number
    updatedAt: Date
    updatedBy: string | null
    /** Who that was, as versions name them (a user's name, an API token's, Folio's own work). */
    updatedByName?: string | undefined
  }) =>
    new AppError(
      'VersionConflict',
      `Someone else saved this content meanwhile (now version ${current.version}); load it again and reapply your changes.`,
      {
        currentVersion: current.version,
        updatedAt: current.updatedAt.toISOString(),
        updatedBy: current.updatedBy,
        ...(current.updatedByName === undefined ? {} : { updatedByName: current.updatedByName }),
      },
    ),
  /**
   * 409 for a draft route on a content that is not published: only a published content keeps a
   * pending draft apart from its live text (docs/decisions/content.md "Drafts of published contents").
   */
  contentNotPublished: (status: string) =>
    new AppError(
      'ContentNotPublished',
      `This content is ${status}, not published: it has no draft apart from itself; save it with PUT /api/contents/{id}.`,
      { status },
    ),
  /** 409 when publishing or discarding a draft that is not there (published or discarded meanwhile). */
  noPendingDraft: () =>
    new AppError('NoPendingDraft', 'This content has no pending draft (it was published or discarded).'),
  /** 409 when another entry of the collection holds the same value of a `unique` field. */
  uniqueFieldViolation: (field: string) =>
    new AppError(
      'UniqueFieldViolation',
      `Another entry already has this value of the unique field "${field}".`,
      {
        field,
      },
    ),
  /**
   * 429 for a short-window throttle: `what` was limited; the message says when it clears, in words
   * and as a UTC time, and `Retry-After` / `retryAfter` carry the seconds.
   */
  rateLimited: (what: string, retryAfterSeconds: number) => {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
    const clearsAt = new Date(Date.now() + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')
    const wait = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`
    return new AppError(
      'RateLimitExceeded',
      `${what}; this clears in ${wait} (at ${clearsAt}).`,
      { retryAfter: seconds },
      { 'retry-after': String(seconds) },
    )
  },
  unavailable: (message: string) => new AppError('ServiceUnavailable', message),
  googleSignInDisabled: () =>
    new AppError(
      'GoogleSignInDisabled',
      'Google sign-in is not configured on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).',
    ),
  googleUnlinkRefused: (message: string) => new AppError('GoogleUnlinkRefused', message),
  /** 409 when unlinking Google from an account that has no Google link (a state, not a missing route). */
  googleNotLinked: () => new AppError('GoogleNotLinked', 'No Google account is linked to this account.'),
  /**
   * 429 for an exhausted monthly quota (docs/decisions/quotas.md "Quota headers and the 429"):
   * `budget` the spent one (`admin` or `public`), `limit` and `usage` in requests of that budget,
   * `periodKey` `YYYY-MM`, `resetAt` ISO 8601; `Retry-After` carries the seconds until the reset.
   */
  requestLimitExceeded: (
    quota: { budget: 'admin' | 'public'; limit: number; usage: number; periodKey: string; resetAt: Date },
    retryAfterSeconds: number,
  ) =>
    new AppError(
      'RequestLimitExceeded',
      `The monthly limit of ${quota.limit} ${quota.budget} API requests is exceeded for ${quota.periodKey}; it resets at ${quota.resetAt.toISOString()}.`,
      {
        budget: quota.budget,
        limit: quota.limit,
        usage: quota.usage,
        periodKey: quota.periodKey,
        resetAt: quota.resetAt.toISOString(),
      },
      { 'retry-after': String(retryAfterSeconds) },
    ),
}
