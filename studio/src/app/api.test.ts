import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import i18n from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchInStudioLanguage } from './api'

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
  'GET /api/tenants/imports/{importId}',
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
  'POST /api/tenants/imports',
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

describe('the language of every call', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('sends Studio’s current language as Accept-Language, so the server answers in it', async () => {
    const sent: (string | null)[] = []
    vi.stubGlobal('fetch', async (request: Request) => {
      sent.push(request.headers.get('accept-language'))
      return new Response('{}')
    })
    if (!i18n.isInitialized) await i18n.init({ lng: 'tr', resources: {} })
    await i18n.changeLanguage('tr')
    await fetchInStudioLanguage(new Request('http://studio.test/api/auth/session'))
    await i18n.changeLanguage('en')
    await fetchInStudioLanguage(new Request('http://studio.test/api/users/me'))
    expect(sent).toEqual(['tr', 'en'])
  })
})
