import { Type } from 'typebox'
import { declareFamily } from '../../declare.js'
import { Id, payload } from '../../events/payloads.js'

/** The feature flags family's event: a platform administrator's, recorded with no tenant. */
export const declarations = declareFamily({
  events: {
    'feature-flag.created': payload('A platform administrator created a feature flag', {
      id: Id,
      key: Type.String(),
      defaultEnabled: Type.Boolean(),
    }),
  },
  accountEvents: { 'feature-flag.created': 'account' },
})
