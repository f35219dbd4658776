import type { PlanSlug } from '../../config.js'
import type { Budget } from './periods.js'

/** A plan as the quota sees it: its name and monthly request limit of each budget (null: unlimited). */
export interface Plan {
  slug: PlanSlug
  name: string
  monthlyRequests: number | null
}

/** The plans and their monthly request limits, each budget's (docs/decisions/quotas.md "Plans"). */
export const PLANS: Readonly<Record<PlanSlug, Plan>> = {
  free: { slug: 'free', name: 'Free', monthlyRequests: 1_000 },
  pro: { slug: 'pro', name: 'Pro', monthlyRequests: 50_000 },
  promax: { slug: 'promax', name: 'Pro Max', monthlyRequests: 150_000 },
  enterprise: { slug: 'enterprise', name: 'Enterprise', monthlyRequests: null },
}

/**
 * The plan of a tenant row's `plan` column. A slug Folio does not know (a row written by an older
 * release) is treated as `free`: an unknown plan must not mean "unlimited".
 */
export function planOf(slug: string): Plan {
  return PLANS[slug as PlanSlug] ?? PLANS.free
}

/** The request limits of tenant settings: both budgets', and each budget's own (null: no value). */
export interface RequestLimitSettings {
  apiCalls: number | null
  publicApiCalls: number | null
  adminApiCalls: number | null
}

/**
 * A budget's effective monthly request limit (docs/decisions/quotas.md "The effective monthly
 * limits"): the smallest of the plan's limit, the settings' `limits.apiCalls` (every budget) and the
 * budget's own `limits.publicApiCalls` or `limits.adminApiCalls` (null means "no value"); null
 * when none sets one.
 */
export function effectiveRequestLimit(
  plan: Plan,
  settings: RequestLimitSettings,
  budget: Budget,
): number | null {
  const own = budget === 'public' ? settings.publicApiCalls : settings.adminApiCalls
  const limits = [plan.monthlyRequests, settings.apiCalls, own].filter(
    (value): value is number => value !== null,
  )
  return limits.length === 0 ? null : Math.max(0, Math.floor(Math.min(...limits)))
}
