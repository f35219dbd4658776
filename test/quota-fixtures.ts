import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { tenantSettings, tenants } from '../src/db/schema/index.js'
import { call, seedApiToken, seedTenant, type TestContext } from './helpers.js'

/** A tenant with an API token, its plan and `limits.apiCalls` written before its first request. */
export async function meteredTenant(
  ctx: TestContext,
  options: { plan?: string; apiCalls?: number | null } = {},
) {
  const owner = await seedTenant(ctx.db)
  if (options.plan !== undefined) {
    await ctx.db.update(tenants).set({ plan: options.plan }).where(eq(tenants.id, owner.tenantId))
  }
  if (options.apiCalls !== undefined) {
    await ctx.db
      .insert(tenantSettings)
      .values({ tenantId: owner.tenantId, limits: { apiCalls: options.apiCalls } })
  }
  const token = await seedApiToken(ctx.db, owner.tenantId)
  return { ...owner, apiToken: token }
}

/** Requests counted for the tenant this month, read through the (unmetered) limits route. */
export async function usageOf(ctx: TestContext, token: string): Promise<number> {
  const response = await call(ctx.app, 'GET', '/api/tenants/current/limits', { token })
  expect(response.statusCode).toBe(200)
  return response.data.usage.requests.usage
}
