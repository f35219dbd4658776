import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { folio } from '../../../app/api'

export type ApiToken = AnswerOf<'listApiTokens'>['tokens'][number]
export type NewApiToken = BodyOf<'createApiToken'>

/** The roles a token can hold, as the API names them. */
export const TOKEN_ROLES = ['owner', 'admin', 'editor', 'author', 'viewer'] as const
/** What a token may do, by HTTP method (docs/decisions/auth.md "Scopes follow the HTTP method"). */
export const TOKEN_SCOPES = ['read', 'write', 'delete', 'preview', 'submit'] as const

/** The tenant's API tokens, newest first (`GET /api/api-tokens`). */
export const tokensQuery = (tenantId: string) =>
  queryOptions({
    queryKey: ['tenant', tenantId, 'api-tokens'],
    queryFn: async () =>
      (await unwrap(folio.GET('/api/api-tokens', { params: { query: { tenantId } } }))).tokens,
  })

/** Creates a token; the answer's `plaintext` is the only time the secret is seen. */
export function createToken(tenantId: string, body: NewApiToken) {
  return unwrap(folio.POST('/api/api-tokens', { params: { query: { tenantId } }, body }))
}

/** Deletes a token: requests carrying it are refused from then on. */
export function revokeToken(tenantId: string, id: string) {
  return unwrap(folio.DELETE('/api/api-tokens/{id}', { params: { path: { id }, query: { tenantId } } }))
}
