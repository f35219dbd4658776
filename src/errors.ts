import { type ErrorText, type Phrase, phrase, type ResourceName, toPhrase, translate } from './i18n/index.js'

/**
 * The error catalog: every error Folio answers with has a stable PascalCase code and a fixed HTTP
 * status (docs/decisions/http.md "Error body"). Services throw these through the named constructors
 * below; the one error handler (`error-handler.ts`) renders them as `{ error, message }`, the message
 * a key of the message catalogs put in the request's language (docs/decisions/http.md "Messages in
 * the reader's language").
 */
const STATUS_BY_CODE = {
  ValidationFailed: 400,
  BadRequest: 400,
  TenantRequired: 400,
  InvalidToken: 400,
  ConfirmationMismatch: 400,
  LastOwnerRestriction: 400,
  QueryTimeout: 400,
  InvalidArchive: 400,
  Unauthorized: 401,
  InvalidCredentials: 401,
  PreviewTokenInvalid: 401,
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

/**
 * A member of a validation error's `details`: why, as a phrase put in the request's language with
 * the message, and where (`path`, or a form's `field`); other members (`ids` …) go out as they are.
 */
export interface ErrorDetail {
  readonly message: Phrase
}

export class AppError extends Error {
  readonly statusCode: number
  /** The message in no language yet; `message` is its English text (logs, job records). */
  readonly phrase: Phrase
  constructor(
    readonly code: ErrorCode,
    text: ErrorText,
    /** Extra members rendered beside `error` and `message` (e.g. `details`, `retryAfter`). */
    readonly extra: Record<string, unknown> = {},
    /** Response headers the error needs (e.g. `Retry-After`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(translate(toPhrase(text), 'en'))
    this.name = 'AppError'
    this.phrase = toPhrase(text)
    this.statusCode = STATUS_BY_CODE[code]
  }
}

export function statusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code]
}

export const errors = {
  validation: <Detail extends ErrorDetail>(text: ErrorText, details?: readonly Detail[]) =>
    new AppError('ValidationFailed', text, details === undefined ? {} : { details }),
  badRequest: (text: ErrorText) => new AppError('BadRequest', text),
  /** 400 for a tenant archive that cannot be imported as it is (docs/decisions/portability.md "Checked before anything is written"). */
  invalidArchive: (text: ErrorText) => new AppError('InvalidArchive', text),
  tenantRequired: () => new AppError('TenantRequired', 'common.tenantRequired'),
  invalidToken: (text: ErrorText = 'common.invalidToken') => new AppError('InvalidToken', text),
  unauthorized: (text: ErrorText = 'common.unauthorized') => new AppError('Unauthorized', text),
  invalidCredentials: () => new AppError('InvalidCredentials', 'common.invalidCredentials'),
  /**
   * 401 for a public read whose `X-Preview-Token` is unknown, expired, revoked or another tenant's,
   * or that asks for what the token does not read (docs/decisions/preview.md).
   */
  previewTokenInvalid: (text: ErrorText = 'contents.previewTokenInvalid') =>
    new AppError('PreviewTokenInvalid', text),
  forbidden: (text: ErrorText = 'common.forbidden') => new AppError('Forbidden', text),
  insufficientScope: (scope: string) =>
    new AppError('InsufficientScope', phrase('common.insufficientScope', { scope })),
  csrf: () => new AppError('CsrfTokenInvalid', 'common.csrf'),
  /** 403 when what is asked needs an address proven through Folio's own mail (docs/decisions/accounts.md). */
  emailNotVerified: (text: ErrorText) => new AppError('EmailNotVerified', text),
  planNotAllowed: (plan: string) => new AppError('PlanNotAllowed', phrase('common.planNotAllowed', { plan })),
  /**
   * 403 when a tenant limit from its settings (`limits.entries`, `limits.media`, `limits.emailPerMonth`)
   * is reached: `limitName` names it, `limit` and `usage` give the numbers.
   */
  limitExceeded: (limitName: string, limit: number, usage: number) =>
    new AppError('LimitExceeded', phrase('common.limitExceeded', { limitName, limit }), {
      limitName,
      limit,
      usage,
    }),
  /**
   * 403 when Folio's own mail server sent a tenant's daily share (`TENANT_PLATFORM_MAIL_PER_DAY`), a
   * platform limit the tenant cannot raise (docs/decisions/jobs-and-events.md "Whose mail server").
   */
  platformMailLimit: (limit: number, usage: number) =>
    new AppError('LimitExceeded', phrase('common.platformMailLimit', { limit }), {
      limitName: 'platformMailPerDay',
      limit,
      usage,
    }),
  /**
   * 400 when a change would leave a tenant without an active owner (docs/decisions/auth.md "A
   * tenant always keeps an active owner"); `blockingTenants` lists them where more than one can be
   * concerned (account deletion).
   */
  lastOwner: (text: ErrorText, blockingTenants?: unknown[]) =>
    new AppError('LastOwnerRestriction', text, blockingTenants === undefined ? {} : { blockingTenants }),
  /**
   * Absence and another tenant's record look the same (docs/decisions/tenancy.md). `resource` is a
   * key of the catalogs' `errors.resources` group, written as the English name ('Menu item').
   */
  notFound: (resource: ResourceName) =>
    new AppError('NotFound', phrase('common.notFound', { resource: phrase(`resources.${resource}`) })),
  conflict: (text: ErrorText) => new AppError('Conflict', text),
  /** 400 when a typed confirmation (tenant deletion: the slug) does not match `expected`'s meaning. */
  confirmationMismatch: (text: ErrorText) => new AppError('ConfirmationMismatch', text),
  /** 409 when a deleted tenant's grace period has passed (or its purge began): it cannot come back. */
  restoreWindowExpired: () => new AppError('RestoreWindowExpired', 'common.restoreWindowExpired'),
  /** `suggestions`: free alternatives the client may offer instead (tenant creation). */
  slugConflict: (slug: string, suggestions?: string[]) =>
    new AppError(
      'SlugConflict',
      phrase('common.slugConflict', { slug }),
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
    new AppError('VersionConflict', phrase('common.versionConflict', { version: current.version }), {
      currentVersion: current.version,
      updatedAt: current.updatedAt.toISOString(),
      updatedBy: current.updatedBy,
      ...(current.updatedByName === undefined ? {} : { updatedByName: current.updatedByName }),
    }),
  /**
   * 409 for a draft route on a content that is not published: only a published content keeps a
   * pending draft apart from its live text (docs/decisions/content.md "Drafts of published contents").
   */
  contentNotPublished: (status: string) =>
    new AppError('ContentNotPublished', phrase('common.contentNotPublished', { status }), { status }),
  /** 409 when publishing or discarding a draft that is not there (published or discarded meanwhile). */
  noPendingDraft: () => new AppError('NoPendingDraft', 'common.noPendingDraft'),
  /** 409 when another entry of the collection holds the same value of a `unique` field. */
  uniqueFieldViolation: (field: string) =>
    new AppError('UniqueFieldViolation', phrase('common.uniqueFieldViolation', { field }), { field }),
  /**
   * 429 for a short-window throttle: `what` was limited; the message says when it clears, in words
   * and as a UTC time, and `Retry-After` / `retryAfter` carry the seconds.
   */
  rateLimited: (what: ErrorText, retryAfterSeconds: number) => {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds))
    const clearsAt = new Date(Date.now() + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')
    const wait =
      seconds < 120
        ? phrase('common.seconds', { count: seconds })
        : phrase('common.minutes', { count: Math.ceil(seconds / 60) })
    return new AppError(
      'RateLimitExceeded',
      phrase('common.rateLimited', { what: toPhrase(what), wait, clearsAt }),
      { retryAfter: seconds },
      { 'retry-after': String(seconds) },
    )
  },
  unavailable: (text: ErrorText) => new AppError('ServiceUnavailable', text),
  googleSignInDisabled: () => new AppError('GoogleSignInDisabled', 'common.googleSignInDisabled'),
  googleUnlinkRefused: (text: ErrorText) => new AppError('GoogleUnlinkRefused', text),
  /** 409 when unlinking Google from an account that has no Google link (a state, not a missing route). */
  googleNotLinked: () => new AppError('GoogleNotLinked', 'common.googleNotLinked'),
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
      phrase('common.requestLimitExceeded', {
        limit: quota.limit,
        budget: quota.budget,
        periodKey: quota.periodKey,
        resetAt: quota.resetAt.toISOString(),
      }),
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
