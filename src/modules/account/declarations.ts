import { Type } from 'typebox'
import { declareFamily } from '../../declare.js'
import { Changed, Id, payload } from '../../events/payloads.js'

const account = { id: Id, email: Type.String() }

/** The account family's events (a user's own profile and password) and its permission. */
export const declarations = declareFamily({
  events: {
    'user.profile-updated': payload('A user changed their profile', {
      ...account,
      firstName: Type.String(),
      lastName: Type.String(),
      changed: Changed,
    }),
    'user.password-changed': payload('A user changed their password', account),
  },
  // What a member did to their own account: the tenants they belong to hear it too.
  accountEvents: { 'user.profile-updated': 'shared', 'user.password-changed': 'shared' },
  activity: {
    verbs: { 'profile-updated': 'updated the profile of', 'password-changed': 'changed the password of' },
  },
  permissions: { profile: ['update'] },
})
