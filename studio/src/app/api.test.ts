import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The routes Studio calls through `folio`, the session's own client, which names no tenant: the
 * account's routes, and those that name a tenant in their path for one who is not (yet, or any
 * longer) a member of it (docs/decisions/studio.md "The tenant of every call").
 */
const ACCOUNT_ROUTES = new Set([
  'DELETE /api/users/me',
  'GET /api/auth/google/config',
  'GET /api/auth/google/status',
  'GET /api/auth/invitations/preview',
  'GET /api/auth/session',
  'GET /api/tenants/deleted',
  'GET /api/tenants/{id}/transfer-preview',
  'GET /api/users/me',
  'GET /api/users/me/deletion-preflight',
  'POST /api/auth/forgot-password',
  'POST /api/auth/google/unlink',
  'POST /api/auth/invitations/accept',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/register',
  'POST /api/auth/reset-password',
  'POST /api/auth/switch-tenant',
  'POST /api/auth/verify-email',
  'POST /api/tenants',
  'POST /api/tenants/{id}/accept-transfer',
  'POST /api/tenants/{id}/restore',
  'PUT /api/users/me',
  'PUT /api/users/me/password',
])

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

describe('the session client', () => {
  it('calls only the account’s routes: a tenant’s data goes through the client of its tenant', () => {
    const calls = sources(join(import.meta.dirname, '..')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bfolio\.(GET|POST|PUT|PATCH|DELETE)\(\s*'([^']+)'/g)].map(
        (call) => `${call[1]} ${call[2]}`,
      ),
    )
    expect(calls.length).toBeGreaterThanOrEqual(ACCOUNT_ROUTES.size)
    expect(calls.filter((call) => !ACCOUNT_ROUTES.has(call))).toEqual([])
  })
})
