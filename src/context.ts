import type { UnitOfWork } from './events/event-log.js'
import { ALL_PERMISSIONS, expandPermissions, type Permission } from './permissions.js'

/**
 * Who acts (docs/architecture.md "Request context"): a signed-in user, an API token, or Folio
 * itself (importer, jobs, CLI).
 */
export type Actor =
  | { kind: 'user'; userId: string }
  | { kind: 'apiToken'; tokenId: string; name?: string }
  | { kind: 'system'; name: string }

/**
 * Who presented a credential (the auth family's `Credentials` checks it; the auth guard,
 * `http/auth.ts`, keeps it on the request): a user session or an API token.
 */
export type Principal = SessionPrincipal | ApiTokenPrincipal

export interface SessionPrincipal {
  kind: 'user'
  userId: string
  sessionId: string
  csrfToken: string
  /** The session's active tenant, used when a request names none. */
  sessionTenantId: string | null
  email: string
  /**
   * Whether the address was proven through Folio's own mail (verification link, password reset,
   * an invitation that created the account): what a platform administrator and accepting a
   * membership without its invitation token need (docs/decisions/accounts.md).
   */
  emailVerified: boolean
  /** The account's language (`users.language`: `en`, `tr` or null), which Folio's messages use. */
  language: string | null
}

export interface ApiTokenPrincipal {
  kind: 'apiToken'
  tokenId: string
  /** The token's name, as activities show who acted. */
  name: string
  tenantId: string
  /** The token's own role, as it was created. */
  role: string
  /**
   * The role level checks use (granting roles, acting on members): the token's own role, or its
   * creator's current role when that one ranks lower.
   */
  actingRole: string
  scopes: readonly string[]
  /**
   * What the token may do, computed once per cached token: its role's permissions in its tenant that
   * its creator's current role also grants, narrowed by the scopes.
   */
  permissions: ReadonlySet<Permission>
}

/**
 * The request context every service method takes first (docs/architecture.md "Request context").
 * The auth guard builds it from the credential; nothing in it comes from a request body.
 */
export interface TenantContext {
  /** Never '' (a route that acts on no tenant has no context). */
  readonly tenantId: string
  readonly actor: Actor
  /** The actor's permissions in the tenant: its role's, narrowed by an API token's scopes. */
  readonly permissions: ReadonlySet<Permission>
  readonly client: { readonly ip: string; readonly userAgent: string }
  /** A caller's open transaction that the service's writes join (events/event-log.ts `UnitOfWork`). */
  readonly unitOfWork?: UnitOfWork
}

/**
 * The context of a write to an account or to the platform, outside any tenant (an account event,
 * docs/decisions/jobs-and-events.md "Account events have no tenant"): who acted and from where.
 */
export interface AccountContext {
  readonly tenantId: null
  readonly actor: Actor
  readonly client: { readonly ip: string; readonly userAgent: string }
}

/** The account context of `actor` (a user id, or the actor itself) acting from `client`. */
export function accountContext(
  actor: string | Actor,
  client: { readonly ip: string; readonly userAgent?: string },
): AccountContext {
  return {
    tenantId: null,
    actor: typeof actor === 'string' ? { kind: 'user', userId: actor } : actor,
    client: { ip: client.ip, userAgent: client.userAgent ?? '' },
  }
}

const SYSTEM_PERMISSIONS: ReadonlySet<Permission> = expandPermissions(ALL_PERMISSIONS)

/** The context of work Folio does on its own (`name`: 'wordpress-import', 'content-scheduler' …). */
export function systemContext(tenantId: string, name: string): TenantContext {
  return {
    tenantId,
    actor: { kind: 'system', name },
    permissions: SYSTEM_PERMISSIONS,
    client: { ip: '', userAgent: name },
  }
}

/** The user behind a context, or null (API tokens and the system act for no user). */
export function userIdOf(context: TenantContext): string | null {
  return context.actor.kind === 'user' ? context.actor.userId : null
}

/**
 * Folio's own work started by a user (an import they queued): it may do anything in the tenant, and
 * what it writes is recorded as that user's (createdBy, activities).
 */
export function onBehalfOf(tenantId: string, userId: string, name: string): TenantContext {
  return { ...systemContext(tenantId, name), actor: { kind: 'user', userId } }
}

/**
 * The context of a public route (docs/decisions/delivery.md "Only what the tenant publishes"): the
 * tenant named by `X-Tenant-ID`, already found live and admitted by its edge policy. Read-only: it
 * carries no actor and no permission, so a service given it can only read what the tenant
 * publishes.
 */
export interface PublicContext {
  readonly tenantId: string
  /** The browser's `Origin`, already allowed; null for requests without one (servers, curl). */
  readonly origin: string | null
  readonly client: { readonly ip: string; readonly userAgent: string }
  /**
   * The locale the reader asked for (docs/decisions/localization.md "Negotiation"): the `locale`
   * query parameter or `Accept-Language` negotiated against the tenant's locales, on routes that
   * declare `config.localized`; the tenant's default locale on the others.
   */
  readonly locale: string
  /**
   * The locales a record is looked for in, best first: `locale`'s fallback chain, or `locale` alone
   * when the request says `fallback=false`.
   */
  readonly localeChain: readonly string[]
  /** The tenant's default locale: what a record without a translation is read in. */
  readonly defaultLocale: string
  /**
   * The draft preview a valid `X-Preview-Token` grants (docs/decisions/preview.md); absent on
   * ordinary reads. The public-route plugin has already checked the token and its creator's access.
   */
  readonly preview?: PreviewGrant
}

/** What a draft preview token reads: the latest draft of one content's translation group. */
export interface PreviewGrant {
  readonly tokenId: string
  /** The content the token was issued for. */
  readonly contentId: string
  /** The group whose translations (any of them) the token reads. */
  readonly translationGroupId: string
}
