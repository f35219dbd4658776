import { describe, expect, it } from 'vitest'
import { permissionsIn } from './permissions'

const memberships = [
  { tenantId: 'a', status: 'active', permissions: ['content:view', 'content:manage'] },
  { tenantId: 'b', status: 'inactive', permissions: ['users:view'] },
]

describe('permissionsIn', () => {
  it('gives the active membership’s permissions in that tenant only', () => {
    expect([...permissionsIn(memberships, 'a')]).toEqual(['content:view', 'content:manage'])
    expect(permissionsIn(memberships, 'a').has('users:view')).toBe(false)
  })

  it('gives none in a tenant of an inactive membership, of no membership, or without a session', () => {
    expect(permissionsIn(memberships, 'b').size).toBe(0)
    expect(permissionsIn(memberships, 'c').size).toBe(0)
    expect(permissionsIn(memberships, undefined).size).toBe(0)
    expect(permissionsIn(undefined, 'a').size).toBe(0)
  })
})
