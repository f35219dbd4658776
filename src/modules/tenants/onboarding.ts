import type { Config, PlanSlug } from '../../config.js'
import { PLAN_SLUGS } from '../../config.js'
import type { TenantContext } from '../../context.js'
import { onBehalfOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import type { SessionManager } from '../auth/index.js'
import { isPlatformAdmin, type PlatformAccount } from '../auth/index.js'
import { membershipWrites } from '../members/index.js'
import { PLANS } from '../quotas/index.js'
import { grantedBy, type RoleResolver, roleMetaOf } from '../roles/index.js'
import { createLifecycleRepository } from './lifecycle-repository.js'
import { type AcceptedMembership, type CreationOptions, TENANT_SLUG_MAX_LENGTH } from './schemas.js'

export interface OnboardingDeps {
  roles: RoleResolver
  db: Db
  events: EventSink
  config: Pick<Config, 'defaultTenantPlan' | 'platformAdminEmails'>
  sessions: Pick<SessionManager, 'rotate'>
}

/** The slug rules of tenant creation, as `toSlug` applies them (schemas.ts, lib/slug.ts). */
const SLUG_RULES = {
  maxLength: TENANT_SLUG_MAX_LENGTH,
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  normalization:
    'Lowercased; accented and non-Latin letters transliterated; anything else becomes single dashes. Without a slug, one is derived from the name, with -2, -3 … appended when taken.',
  unique: true,
}

/**
 * Joining tenants: the options of `POST /api/tenants` for the caller, and accepting a pending
 * membership (an invitation) with `POST /api/tenants/{id}/accept`.
 */
export function createOnboarding(deps: OnboardingDeps) {
  const { db, config } = deps
  const repository = createLifecycleRepository(db)
  const write = transactional(db, deps.events)

  return {
    /**
     * GET /api/tenants/creation-options: the plans the caller may request (the default plan, or
     * every plan for a platform administrator, docs/decisions/tenancy.md "A new tenant's plan"),
     * the default, and the name and slug rules.
     */
    creationOptions(caller: PlatformAccount): CreationOptions {
      const admin = isPlatformAdmin(config.platformAdminEmails, caller)
      const requestable = (slug: PlanSlug) => admin || slug === config.defaultTenantPlan
      return {
        defaultPlan: config.defaultTenantPlan,
        plans: PLAN_SLUGS.filter(requestable).map((slug) => ({
          slug,
          name: PLANS[slug].name,
          monthlyRequests: PLANS[slug].monthlyRequests,
          isDefault: slug === config.defaultTenantPlan,
        })),
        name: { minLength: 1, maxLength: 200 },
        slug: SLUG_RULES,
      }
    },

    /**
     * POST /api/tenants/{id}/accept: the caller's pending membership in a live tenant becomes
     * active (`acceptedAt` set) and the session rotates onto the tenant. Only `pending` counts: an
     * `inactive` membership was switched off by an admin and is never revived here
     * (docs/decisions/tenancy.md "Joining a tenant needs the invitation"), nor one whose invitation
     * expired; the invitation is spent. 404 when there is no pending membership (or its invitation
     * expired); 401 when the session ended meanwhile.
     *
     * Without its token, an invitation is only as safe as the proof that the caller owns the invited
     * address: anyone can register an address before it is invited. So this needs an address
     * verified through Folio's own mail, else 403 EmailNotVerified (docs/decisions/accounts.md);
     * the mailed invitation link works either way.
     */
    async accept(
      caller: { userId: string; sessionId: string; emailVerified: boolean },
      tenantId: string,
      client: TenantContext['client'],
    ): Promise<AcceptedMembership> {
      const found = await repository.tenantOfMember(tenantId, caller.userId)
      if (found === undefined || found.membership.status !== 'pending' || found.tenant.status !== 'active') {
        throw errors.notFound('Invitation')
      }
      if (!caller.emailVerified) {
        throw errors.emailNotVerified('tenants.acceptNeedsVerifiedEmail')
      }
      const { tenant } = found
      const context = { ...onBehalfOf(tenantId, caller.userId, 'membership-accept'), client }
      const accepted = await write(context, async (tx, emit) => {
        const members = membershipWrites(tx)
        const row = await members.acceptPending(tenantId, found.membership.id, caller.userId, emit)
        if (row === undefined) throw errors.notFound('Invitation')
        return row
      })
      const session = await deps.sessions.rotate(caller.sessionId, { tenantId })
      if (session === undefined) throw errors.unauthorized('common.sessionEnded')
      const role = await deps.roles.resolve(tenantId, accepted.role)
      return {
        membership: {
          id: accepted.id,
          tenantId,
          role: accepted.role,
          roleMeta: role === undefined ? null : roleMetaOf(role, tenantId),
          permissions: [...grantedBy(role)],
          status: accepted.status,
          acceptedAt: (accepted.acceptedAt ?? new Date()).toISOString(),
        },
        tenant: {
          id: tenant.id,
          name: tenant.name,
          slug: tenant.slug,
          plan: tenant.plan,
          status: tenant.status,
        },
        csrfToken: session.csrfToken,
        token: session.token,
        expiresAt: session.expiresAt,
      }
    },
  }
}

export type Onboarding = ReturnType<typeof createOnboarding>
