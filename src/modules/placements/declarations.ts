import { Type } from 'typebox'
import { CRUD, declareFamily } from '../../declare.js'
import { Changed, Id, payload } from '../../events/payloads.js'

const placement = {
  id: Id,
  slug: Type.String(),
  name: Type.String(),
  status: Type.String(),
  version: Type.Integer(),
  experienceIds: Type.Array(Id),
}

/** The placements family's events and permissions. */
export const declarations = declareFamily({
  events: {
    'placement.created': payload('A placement was created', placement),
    'placement.updated': payload('A placement or its experiences were changed', {
      ...placement,
      changed: Changed,
    }),
    'placement.deleted': payload('A placement was deleted', placement),
  },
  activity: { nouns: { placement: 'the placement' } },
  permissions: { placements: CRUD },
})
