import { expect } from 'vitest'
import type { SeededMember, TestContext } from './helpers.js'
import { call } from './helpers.js'
import { putSettings } from './settings-fixtures.js'

/**
 * The locales of the localization tests: English by default, German with an Austrian variant that
 * falls back to it, and Turkish (docs/decisions/localization.md): the chain of `de-AT` is
 * de-AT → de → en, the chain of `tr` is tr → en.
 */
export const TEST_LOCALES = {
  default: 'en',
  available: ['en', 'de', 'de-AT', 'tr'],
  fallbacks: { 'de-AT': 'de', de: 'en' },
}

/** Gives `owner`'s tenant `TEST_LOCALES`. */
export async function useTestLocales(ctx: TestContext, owner: SeededMember): Promise<void> {
  const response = await putSettings(ctx, owner, { locales: TEST_LOCALES })
  expect(response.statusCode, response.body).toBe(200)
}

/** A public GET of `path` (under `/api/public`) for `tenantId`, with extra headers. */
export function publicGet(
  ctx: TestContext,
  tenantId: string,
  path: string,
  headers: Record<string, string> = {},
) {
  return call(ctx.app, 'GET', `/api/public${path}`, { headers: { 'x-tenant-id': tenantId, ...headers } })
}
