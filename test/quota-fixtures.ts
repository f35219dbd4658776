import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { tenantSettings, tenants } from '../src/db/schema/index.js'
import { call, seedApiToken, seedTenant, type TestContext } from './helpers.js'

/** The request limits of tenant settings (`limits.apiCalls` and the per-budget ones). */
export interface RequestLimits {
  apiCalls?: number | null
  publicApiCalls?: number | null
  adminApiCalls?: number | null
}

/** A tenant with an API token, its plan and request limits written before its first request. */
export async function meteredTenant(ctx: TestContext, options: { plan?: string } & RequestLimits = {}) {
  const { plan, ...limits } = options
  const owner = await seedTenant(ctx.db)
  if (plan !== undefined) {
    await ctx.db.update(tenants).set({ plan }).where(eq(tenants.id, owner.tenantId))
  }
  if (Object.keys(limits).length > 0) {
    await ctx.db.insert(tenantSettings).values({ tenantId: owner.tenantId, limits })
  }
  const token = await seedApiToken(ctx.db, owner.tenantId)
  return { ...owner, apiToken: token }
}

/**
 * Requests counted in one budget of the tenant this month (default `admin`, the budget of the
 * tenant routes), read through the (unmetered) limits route.
 */
export async function usageOf(
  ctx: TestContext,
  token: string,
  budget: 'admin' | 'public' = 'admin',
): Promise<number> {
  const response = await call(ctx.app, 'GET', '/api/tenants/current/limits', { token })
  expect(response.statusCode).toBe(200)
  return response.data.usage.budgets[budget].usage
}
