import { describe, expect, it } from 'vitest'
import {
  expandPermissions,
  type Grantor,
  mayDefine,
  mayGrant,
  outranks,
  permissionFamilies,
} from './grant-rules'
import type { Role } from './roles'

const role = (key: string, level: number, permissions: string[], isSystem = true): Role => ({
  id: key,
  key,
  name: key,
  description: '',
  level,
  permissions,
  tenantId: isSystem ? null : 't1',
  isDefault: isSystem,
  isSystem,
})

const owner = role('owner', 50, [
  'content:view',
  'content:manage',
  'content:preview',
  'billing:view',
  'users:invite',
])
const families = permissionFamilies([owner, role('viewer', 10, ['content:view', 'media:view'])])
const admin: Grantor = {
  userId: 'u1',
  isOwner: false,
  level: 40,
  holds: new Set(['content:view', 'content:manage', 'content:preview', 'users:invite', 'media:view']),
}

describe('permissionFamilies', () => {
  it('groups the roles’ permissions by family, in the order the roles list them', () => {
    expect(families).toEqual([
      { family: 'content', actions: ['view', 'manage', 'preview'] },
      { family: 'billing', actions: ['view'] },
      { family: 'users', actions: ['invite'] },
      { family: 'media', actions: ['view'] },
    ])
  })
})

describe('expandPermissions', () => {
  it('adds every action of the family to its manage', () => {
    expect([...expandPermissions(['content:manage', 'media:view'], families)].sort()).toEqual([
      'content:manage',
      'content:preview',
      'content:view',
      'media:view',
    ])
  })
})

describe('the grant rules (the server’s roles/guards.ts)', () => {
  it('lets a member give a role at most their level, carrying only what they hold; owner only by owners', () => {
    expect(mayGrant(admin, role('viewer', 10, ['content:view']), families)).toBe(true)
    expect(mayGrant(admin, role('billing', 5, ['billing:view'], false), families)).toBe(false)
    expect(mayGrant(admin, role('chief', 45, ['content:view'], false), families)).toBe(false)
    expect(mayGrant(admin, owner, families)).toBe(false)
    expect(mayGrant({ ...admin, isOwner: true, level: 50 }, owner, families)).toBe(true)
  })

  it('lets a member act only on members below their level, an owner on anyone', () => {
    expect(outranks(admin, 30)).toBe(true)
    expect(outranks(admin, 40)).toBe(false)
    expect(outranks({ ...admin, isOwner: true, level: 50 }, 50)).toBe(true)
  })

  it('lets a member put into a role only the permissions they hold', () => {
    expect(mayDefine(admin, 'content:preview')).toBe(true)
    expect(mayDefine(admin, 'billing:view')).toBe(false)
  })
})
