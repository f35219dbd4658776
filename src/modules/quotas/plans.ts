import type { PlanSlug } from '../../config.js'

/** A plan as the quota sees it: its name and monthly request limit (null: unlimited). */
export interface Plan {
  slug: PlanSlug
  name: string
  monthlyRequests: number | null
}

/** The plans and their monthly request limits (docs/decisions/quotas.md "Plans"). */
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

/**
 * The effective monthly request limit: the smaller of the plan's limit and the tenant settings'
 * `limits.apiCalls` (null on either side means "no value"); null when neither sets one.
 */
export function effectiveRequestLimit(plan: Plan, apiCalls: number | null): number | null {
  const limits = [plan.monthlyRequests, apiCalls].filter((value): value is number => value !== null)
  return limits.length === 0 ? null : Math.max(0, Math.floor(Math.min(...limits)))
}
