import { Type } from 'typebox'
import { CRUD, declareFamily } from '../../declare.js'
import { Changed, Id, Nullable, payload } from '../../events/payloads.js'

const role = { id: Id, key: Type.String(), name: Type.String(), level: Type.Integer() }

/** The roles family's events (custom roles) and permissions. */
export const declarations = declareFamily({
  events: {
    'role.created': payload('A custom role was created', role),
    'role.updated': payload('A custom role was changed', { ...role, changed: Changed }),
    'role.deleted': payload("A custom role was deleted, its members moved to reassignedTo's role", {
      ...role,
      reassignedTo: Nullable(Type.String()),
      reassigned: Type.Integer({ description: 'Members moved to the other role' }),
    }),
  },
  activity: { nouns: { role: 'the role' } },
  permissions: { roles: CRUD },
})
