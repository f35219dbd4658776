import { Type } from 'typebox'
import { declareFamily } from '../../declare.js'
import { Id, payload } from '../../events/payloads.js'

/** The API tokens family's events and permissions. */
export const declarations = declareFamily({
  events: {
    'api-token.created': payload('An API token was created (never its plaintext or hash)', {
      id: Id,
      name: Type.String(),
      role: Type.String(),
      scopes: Type.Array(Type.String()),
    }),
    'api-token.deleted': payload('An API token was deleted', { id: Id, name: Type.String() }),
  },
  activity: { nouns: { 'api-token': 'the API token' } },
  permissions: { 'api-tokens': ['view', 'create', 'delete', 'manage'] },
})
