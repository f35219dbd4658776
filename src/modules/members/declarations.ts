import { Type } from 'typebox'
import { declareFamily } from '../../declare.js'
import { Changed, Id, payload } from '../../events/payloads.js'

const member = {
  id: Id,
  userId: Id,
  email: Type.Optional(Type.String()),
  role: Type.String(),
}

/** The members family's events (invitations, roles and statuses of members) and permissions. */
export const declarations = declareFamily({
  events: {
    'member.invited': payload('A user was invited into the tenant', { ...member, status: Type.String() }),
    'member.reinvited': payload('An invitation was sent again', { ...member, status: Type.String() }),
    'member.joined': payload('A user joined the tenant (created it, accepted an invitation)', member),
    'member.left': payload('A member left the tenant (reason account-deleted: the account was deleted)', {
      ...member,
      previousStatus: Type.Optional(Type.String()),
      reason: Type.Optional(Type.String()),
    }),
    'member.removed': payload('A member was removed from the tenant', { ...member, status: Type.String() }),
    'member.role-changed': payload("A member's role was changed", { ...member, previousRole: Type.String() }),
    'member.deactivated': payload('A member was deactivated', {
      ...member,
      status: Type.String(),
      previousStatus: Type.String(),
    }),
    'member.reactivated': payload('A member was reactivated', {
      ...member,
      status: Type.String(),
      previousStatus: Type.String(),
    }),
    'member.updated': payload("A member's profile was changed by an administrator", {
      ...member,
      changed: Changed,
    }),
  },
  activity: {
    nouns: { member: 'the member' },
    verbs: {
      invited: 'invited',
      reinvited: 'invited again',
      removed: 'removed',
      'role-changed': 'changed the role of',
      deactivated: 'deactivated',
      reactivated: 'reactivated',
    },
    // The actor is the subject: "joined the tenant", not "joined the member “ada@example.com”".
    sentences: { 'member.joined': 'joined the tenant', 'member.left': 'left the tenant' },
  },
  permissions: { users: ['view', 'create', 'update', 'delete', 'manage', 'invite', 'assign-role'] },
})
