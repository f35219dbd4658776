import type { Config } from '../../config.js'
import { PLAN_SLUGS, type PlanSlug } from '../../config.js'
import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { writeWithFreeSlug } from '../../db/slugs.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import { newId } from '../../lib/ids.js'
import { requiredSlug, toSlug } from '../../lib/slug.js'
import type { SessionManager } from '../auth/index.js'
import { isPlatformAdmin, type PlatformAccount } from '../auth/index.js'
import { membershipWrites } from '../members/index.js'
import { grantedBy, type ResolvedRole, type RoleResolver, roleMetaOf } from '../roles/index.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { createTenantsRepository, type TenantRow } from './repository.js'
import {
  type CreatedTenant,
  type CreateTenantBody,
  type Membership,
  type RoleMeta,
  TENANT_SLUG_MAX_LENGTH,
  type Tenant,
  type TenantInfo,
  type TenantListItem,
} from './schemas.js'

/**
 * Suggestions offered with a 409 SlugConflict (docs/decisions/tenancy.md "A new tenant's plan":
 * three free `<slug>-N`).
 */
const SLUG_SUGGESTIONS = 3

export interface TenantsServiceDeps {
  db: Db
  events: EventSink
  config: Pick<Config, 'defaultTenantPlan' | 'platformAdminEmails'>
  sessions: Pick<SessionManager, 'moveTo'>
  /** Branding and metadata of `GET /api/tenant/info`. */
  settings: Pick<TenantSettingsReader, 'get'>
  roles: Pick<RoleResolver, 'resolve'>
}

/** The session that creates a tenant (see `create`). */
export interface TenantCreator extends PlatformAccount {
  userId: string
  sessionId: string
  csrfToken: string
}

export function createTenantsService(deps: TenantsServiceDeps) {
  const { db, config, sessions, settings, roles } = deps
  const repository = createTenantsRepository(db)
  const write = transactional(db, deps.events)

  /**
   * Creates a tenant and its owner membership in one transaction, with no session involved (the
   * WordPress importer calls this). The slug is `slug` normalized with `toSlug`, or derived from
   * `name` with `-2`, `-3`… appended on collision; the unique index `tenants_slug_key` decides.
   * `plan` defaults to `DEFAULT_TENANT_PLAN` and is not checked against the caller here.
   * Throws 400 ValidationFailed (blank name, slug empty after normalizing) and 409 SlugConflict with
   * `suggestions` (explicit slug taken; without them when every derived slug tried was taken
   * meanwhile). Emits `tenant.created` and `member.joined` in the new tenant.
   */
  async function createTenant(input: {
    ownerUserId: string
    name: string
    slug?: string | undefined
    plan?: PlanSlug | undefined
    /** Where the request came from (activities); none for the command line. */
    client?: TenantContext['client'] | undefined
  }): Promise<{ tenant: Tenant; membership: Membership }> {
    const wanted =
      input.slug === undefined
        ? toSlug(input.name, TENANT_SLUG_MAX_LENGTH) || 'tenant'
        : requiredSlug(input.slug, 'slug', TENANT_SLUG_MAX_LENGTH)
    const name = input.name.trim()
    if (name === '') throw errors.validation('tenants.blankName')
    const plan = input.plan ?? config.defaultTenantPlan
    return writeWithFreeSlug(
      {
        slug: wanted,
        explicit: input.slug !== undefined,
        key: 'tenants_slug_key',
        lookup: () => repository.slugs(),
        suggestions: SLUG_SUGGESTIONS,
        maxLength: TENANT_SLUG_MAX_LENGTH,
      },
      (slug) =>
        insertWithOwner({
          name,
          slug,
          plan,
          ownerUserId: input.ownerUserId,
          client: input.client ?? { ip: '', userAgent: '' },
        }),
    )
  }

  async function insertWithOwner(input: {
    name: string
    slug: string
    plan: string
    ownerUserId: string
    client: TenantContext['client']
  }) {
    const tenantId = newId()
    const owner = await roles.resolve(tenantId, 'owner')
    const context: TenantContext = {
      tenantId,
      actor: { kind: 'user', userId: input.ownerUserId },
      permissions: grantedBy(owner),
      client: input.client,
    }
    return write(context, async (tx, emit) => {
      const tenantsInTx = createTenantsRepository(tx)
      const tenant = await tenantsInTx.insertTenant(tenantId, {
        name: input.name,
        slug: input.slug,
        plan: input.plan,
      })
      const created = toTenant(tenant)
      emit({
        type: 'tenant.created',
        subjectId: tenantId,
        payload: {
          id: tenantId,
          name: created.name,
          slug: created.slug,
          plan: created.plan,
          status: created.status,
        },
      })
      const membership = await membershipWrites(tx).addOwner(tenantId, newId(), input.ownerUserId, emit)
      return {
        tenant: created,
        membership: { ...membership, ...roleView(owner, tenantId, membership.status === 'active') },
      }
    })
  }

  /**
   * `requestedPlanSlug` is honoured when it is the default plan or the caller is a platform
   * administrator (docs/decisions/tenancy.md "A new tenant's plan"). Unknown plan → 400; otherwise
   * 403 PlanNotAllowed.
   */
  function resolvePlan(caller: PlatformAccount, requested: string | undefined): PlanSlug {
    if (requested === undefined) return config.defaultTenantPlan
    if (!PLAN_SLUGS.includes(requested as PlanSlug))
      throw errors.validation(phrase('tenants.unknownPlan', { plan: requested }))
    const admin = isPlatformAdmin(config.platformAdminEmails, caller)
    if (requested !== config.defaultTenantPlan && !admin) throw errors.planNotAllowed(requested)
    return requested as PlanSlug
  }

  return {
    createTenant,

    /**
     * `POST /api/tenants` (API contract): creates the tenant with the caller as owner and makes it
     * the session's active tenant. The session keeps its token and CSRF token: an agency creating
     * several tenants in a row goes on with the token it holds. Returns the spec's members. Throws
     * 400 (unknown plan, empty slug), 401 (session ended meanwhile), 403 PlanNotAllowed, 409
     * SlugConflict.
     */
    async create(
      caller: TenantCreator,
      body: CreateTenantBody,
      client: TenantContext['client'],
    ): Promise<CreatedTenant> {
      const plan = resolvePlan(caller, body.requestedPlanSlug)
      const created = await createTenant({
        ownerUserId: caller.userId,
        name: body.name,
        slug: body.slug,
        plan,
        client,
      })
      if (!(await sessions.moveTo(caller.sessionId, created.tenant.id))) {
        throw errors.unauthorized('common.sessionEnded')
      }
      return { ...created, csrfToken: caller.csrfToken }
    },

    /**
     * `GET /api/tenants`: the caller's active and pending memberships, oldest first, in tenants
     * that are not deleted; `ownerCount` counts the tenant's active owners.
     */
    async listForUser(userId: string): Promise<{ tenants: TenantListItem[] }> {
      const rows = await repository.listMembershipsOfUser(userId)
      return {
        tenants: await Promise.all(
          rows.map(async (row) => ({
            id: row.id,
            tenantId: row.tenant.id,
            tenant: toTenant(row.tenant),
            role: row.role,
            ...roleView(
              await roles.resolve(row.tenant.id, row.role),
              row.tenant.id,
              row.status === 'active' && row.tenant.status === 'active',
            ),
            status: row.status,
            ownerCount: row.ownerCount,
          })),
        ),
      }
    },

    /**
     * `GET /api/tenant/info` (API contract): identity, branding from the tenant settings ("" shown
     * as null; `name` is the tenant's name; `logo`, `favicon`, `faviconUrl` have no setting and
     * stay null), and the settings' `metadata`, null when empty. Throws 404 when the tenant is
     * gone.
     */
    async info(context: TenantContext): Promise<TenantInfo> {
      const tenant = await repository.findById(context.tenantId)
      if (tenant === undefined) throw errors.notFound('Tenant')
      const { branding, metadata } = await settings.get(context.tenantId)
      const orNull = (value: string) => (value === '' ? null : value)
      return {
        tenant: {
          id: tenant.id,
          name: tenant.name,
          slug: tenant.slug,
          plan: tenant.plan,
          status: tenant.status,
        },
        branding: {
          name: tenant.name,
          siteName: orNull(branding.siteName),
          description: orNull(branding.description),
          logo: null,
          logoUrl: orNull(branding.logoUrl),
          favicon: null,
          faviconUrl: null,
          primaryColor: orNull(branding.primaryColor),
          secondaryColor: orNull(branding.secondaryColor),
        },
        metadata: Object.keys(metadata).length === 0 ? null : metadata,
      }
    },

    /** The tenant holding `slug` (exact, already normalized), or undefined; deleted tenants are absent. */
    async findBySlug(slug: string): Promise<Tenant | undefined> {
      const row = await repository.findBySlug(slug)
      return row === undefined ? undefined : toTenant(row)
    },
  }
}

export type TenantsService = ReturnType<typeof createTenantsService>

function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    plan: row.plan,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * A membership's resolved role (roles/resolver.ts) and expanded permissions. Permissions count only
 * while the membership and its tenant are active (a pending invitation grants nothing yet, as in
 * `credentials.membershipRole`); an unknown role has none (fail closed).
 */
function roleView(
  role: ResolvedRole | undefined,
  tenantId: string,
  active: boolean,
): { roleMeta: RoleMeta | null; permissions: string[] } {
  return {
    roleMeta: role === undefined ? null : roleMetaOf(role, tenantId),
    permissions: active ? [...grantedBy(role)] : [],
  }
}
