import type { TenantContext } from '../../context.js'
import { errors } from '../../errors.js'
import type { EventBus } from '../../events/bus.js'
import { createTenantCache } from '../../events/tenant-cache.js'
import type { DeliveryCache } from '../../store/delivery-cache.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import type { TenantDirectory } from '../tenants/index.js'
import type { Meter } from './meter.js'
import type { Budget, Reservation } from './periods.js'
import { daysOfMonthSoFar, quotaPeriod, secondsUntil, statsWindows } from './periods.js'
import { effectiveRequestLimit, type Plan, planOf } from './plans.js'
import type { UsageRepository } from './repository.js'

/** How long an effective limit is reused without asking settings and tenants again (ms). */
const LIMIT_CACHE_TTL_MS = 5_000
const MAX_CACHED_LIMITS = 10_000

/** The quota response headers (docs/decisions/quotas.md "Quota headers and the 429"). */
export function quotaHeaders(reservation: Reservation, now: number): Record<string, string> {
  if (reservation.limit === null || !reservation.reported) return {}
  const remaining = Math.max(0, reservation.limit - reservation.usage)
  const seconds = secondsUntil(reservation.period.resetAt, now)
  return {
    'ratelimit-policy': `"monthly";q=${reservation.limit}`,
    ratelimit: `"monthly";r=${remaining};t=${seconds}`,
    'x-ratelimit-limit': String(reservation.limit),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': String(Math.floor(reservation.period.resetAt.getTime() / 1000)),
    'x-ratelimit-period': reservation.period.key,
  }
}

/** The request metric of `GET /api/tenants/current/limits`. */
export interface RequestMetric {
  usage: number
  limit: number | null
  remaining: number | null
  /** usage / limit in percent, two decimals, at most 100; 0 when unlimited. */
  percentage: number
  unlimited: boolean
}

export function requestMetric(usage: number, limit: number | null): RequestMetric {
  if (limit === null) return { usage, limit, remaining: null, percentage: 0, unlimited: true }
  const percentage = limit === 0 ? 100 : Math.min(100, Math.round((usage / limit) * 10_000) / 100)
  return { usage, limit, remaining: Math.max(0, limit - usage), percentage, unlimited: false }
}

/** A tenant's effective monthly limit of each budget (null: unlimited). */
type BudgetLimits = Record<Budget, number | null>

/**
 * The monthly request quota over the meter: the effective limit of each of a tenant's budgets
 * (plan and settings), the decision for one request in one budget, and the reads of
 * `GET /api/tenants/current/limits` and `GET /api/dashboard/api-stats`. `meter` undefined =
 * metering off (`METERING=off`): nothing is counted or refused; the reads show what the database
 * holds.
 */
export function createQuotaService(deps: {
  meter: Meter | undefined
  usage: UsageRepository
  tenants: TenantDirectory
  settings: TenantSettingsReader
  bus: EventBus
  /** This instance's delivery cache counts, reported with the request counts. */
  deliveryCache: Pick<DeliveryCache, 'stats'>
  now?: () => number
}) {
  const { meter, usage, tenants, settings } = deps
  const now = deps.now ?? Date.now
  /**
   * Effective limits by tenant, so the hot path takes no promise. Dropped with the caches they come
   * from (the same `settings.*` and `tenant.*` events), and kept no longer than theirs.
   */
  const limitCache = createTenantCache<BudgetLimits>(deps.bus, {
    dropOn: ['settings.', 'tenant.'],
    ttlMs: LIMIT_CACHE_TTL_MS,
    max: MAX_CACHED_LIMITS,
  })

  async function limitsOf(tenantId: string): Promise<{ plan: Plan; limits: BudgetLimits }> {
    const [tenant, tenantSettings] = await Promise.all([tenants.get(tenantId), settings.get(tenantId)])
    const plan = planOf(tenant?.plan ?? '')
    const limits = {
      admin: effectiveRequestLimit(plan, tenantSettings.limits, 'admin'),
      public: effectiveRequestLimit(plan, tenantSettings.limits, 'public'),
    }
    return { plan, limits }
  }

  function headersOf(reservation: Reservation): Record<string, string> {
    const at = now()
    const headers = quotaHeaders(reservation, at)
    if (reservation.allowed) return headers
    const error = errors.requestLimitExceeded(
      {
        budget: reservation.budget,
        limit: reservation.limit ?? 0,
        usage: reservation.usage,
        periodKey: reservation.period.key,
        resetAt: reservation.period.resetAt,
      },
      secondsUntil(reservation.period.resetAt, at),
    )
    Object.assign(error.headers, headers)
    throw error
  }

  function reserve(meter: Meter, tenantId: string, budget: Budget, limit: number | null) {
    const reservation = meter.reserve(tenantId, budget, limit)
    return reservation instanceof Promise ? reservation.then(headersOf) : headersOf(reservation)
  }

  return {
    enabled: meter !== undefined,

    /**
     * Counts one request in the tenant's `budget` before its route runs (reserve, then answer) and
     * returns the headers to send (that budget's figures); undefined when metering is off.
     * Synchronous on the hot path (limits cached, count loaded, no Redis call), else a promise.
     * @throws RequestLimitExceeded (429) when the budget's month's limit is reached; the request is not counted.
     */
    admit(
      tenantId: string,
      budget: Budget,
    ): Record<string, string> | undefined | Promise<Record<string, string>> {
      if (meter === undefined) return undefined
      const cached = limitCache.peek(tenantId)
      if (cached !== undefined) return reserve(meter, tenantId, budget, cached[budget])
      return limitCache
        .get(tenantId, '', async () => (await limitsOf(tenantId)).limits)
        .then((limits) => reserve(meter, tenantId, budget, limits[budget]))
    },

    /**
     * The tenant's plan, limits and request usage (`GET /api/tenants/current/limits`): each budget's
     * metric in `usage.budgets`; `usage.requests` and `limits.monthlyRequests` are the admin
     * budget's, the budget of the credentials that read this route (docs/decisions/quotas.md
     * "Two budgets: admin and public").
     */
    async limits(context: TenantContext) {
      const { tenantId } = context
      const [tenant, tenantSettings, { plan, limits }] = await Promise.all([
        tenants.get(tenantId),
        settings.get(tenantId),
        limitsOf(tenantId),
      ])
      if (tenant === undefined) throw errors.notFound('Tenant')
      const period = quotaPeriod(now())
      const stored = meter === undefined ? await usage.totalsSince([tenantId], period.start) : undefined
      const used = async (budget: Budget) =>
        meter === undefined
          ? (stored?.get(tenantId)?.[budget] ?? 0)
          : (await meter.usage(tenantId, budget)).usage
      const [admin, delivery] = await Promise.all([used('admin'), used('public')])
      const budgets = {
        admin: requestMetric(admin, limits.admin),
        public: requestMetric(delivery, limits.public),
      }
      const { apiCalls, publicApiCalls, adminApiCalls, entries, media, users, emailPerMonth, custom } =
        tenantSettings.limits
      return {
        tenant: { id: tenant.id, name: tenant.name, slug: tenant.slug },
        plan: { slug: plan.slug, name: plan.name, monthlyRequestLimit: plan.monthlyRequests },
        period: { key: period.key, start: period.start.toISOString(), resetAt: period.resetAt.toISOString() },
        limits: {
          monthlyRequests: limits.admin,
          apiCalls,
          publicApiCalls,
          adminApiCalls,
          entries,
          media,
          users,
          emailPerMonth,
          custom,
        },
        usage: { requests: budgets.admin, budgets },
        metering: meter !== undefined,
      }
    },

    /**
     * Request counts for the dashboard (`GET /api/dashboard/api-stats`): each budget's windows, and
     * their sums at the top level; the month's requests per UTC day (`days`, zeros included); this
     * instance's counts are folded first, so the answer includes
     * every request it has served; and the delivery cache's hits and misses of the tenant on this
     * instance since it started.
     */
    async stats(context: TenantContext) {
      await meter?.flush()
      const at = now()
      const period = quotaPeriod(at)
      const [budgets, daily] = await Promise.all([
        usage.windowTotals(context.tenantId, statsWindows(at)),
        usage.dailyTotals(context.tenantId, period.start),
      ])
      const sum = (window: keyof typeof budgets.admin) => budgets.admin[window] + budgets.public[window]
      return {
        fourHour: sum('fourHour'),
        daily: sum('daily'),
        today: sum('today'),
        weekly: sum('weekly'),
        monthly: sum('monthly'),
        budgets,
        days: daysOfMonthSoFar(at).map((date) => {
          const admin = daily.get(date)?.admin ?? 0
          const delivery = daily.get(date)?.public ?? 0
          return { date, requests: admin + delivery, admin, public: delivery }
        }),
        periodKey: period.key,
        enabled: meter !== undefined,
        deliveryCache: deps.deliveryCache.stats(context.tenantId),
      }
    },
  }
}

export type QuotaService = ReturnType<typeof createQuotaService>
