import { expect } from 'vitest'
import { call, type SeededMember, type TestContext } from './helpers.js'

/** `PUT /api/tenant-settings` as `member` (or with a bare token). */
export async function putSettings(ctx: TestContext, member: SeededMember | string, body: unknown) {
  const token = typeof member === 'string' ? member : member.token
  return call(ctx.app, 'PUT', '/api/tenant-settings', { token, body })
}

/** The tenant settings `member` reads (asserting a 200). */
export async function settingsOf(ctx: TestContext, member: SeededMember | string) {
  const token = typeof member === 'string' ? member : member.token
  const response = await call(ctx.app, 'GET', '/api/tenant-settings', { token })
  expect(response.statusCode, response.body).toBe(200)
  return response.data.settings
}
