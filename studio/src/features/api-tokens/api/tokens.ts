import { type AnswerOf, type BodyOf, unwrap } from '@folio/client'
import { queryOptions } from '@tanstack/react-query'
import { tenantApi } from '../../../app/api'
import { tenantQuery } from '../../../app/tenant'

export type ApiToken = AnswerOf<'listApiTokens'>['tokens'][number]
export type NewApiToken = BodyOf<'createApiToken'>

/** The roles a token can hold, as the API names them. */
export const TOKEN_ROLES = ['owner', 'admin', 'editor', 'author', 'viewer'] as const
/** What a token may do, by HTTP method (docs/decisions/auth.md "Scopes follow the HTTP method"). */
export const TOKEN_SCOPES = ['read', 'write', 'delete', 'preview', 'submit'] as const

/** The tenant's API tokens, newest first (`GET /api/api-tokens`). */
export const tokensQuery = (tenantId: string) =>
  queryOptions(
    tenantQuery(tenantId, ['api-tokens'], async (api) => (await unwrap(api.GET('/api/api-tokens'))).tokens),
  )

/** Creates a token; the answer's `plaintext` is the only time the secret is seen. */
export function createToken(tenantId: string, body: NewApiToken) {
  return unwrap(tenantApi(tenantId).POST('/api/api-tokens', { body }))
}

/** Deletes a token: requests carrying it are refused from then on. */
export function revokeToken(tenantId: string, id: string) {
  return unwrap(tenantApi(tenantId).DELETE('/api/api-tokens/{id}', { params: { path: { id } } }))
}
