import { describe, expect, it } from 'vitest'
import { assembleFamilies, type Kernel } from './family.js'

// The assembly only hands the kernel on: these families need none of it.
const kernel = {} as Kernel

describe('assembleFamilies', () => {
  it('builds the families in order, each from the services of those before it, and merges them', () => {
    const { families, services } = assembleFamilies(kernel, { events: 'sink' })
      .add(() => ({ name: 'roles', services: { roles: 'resolver' } }))
      .add((_, { roles }) => ({ name: 'auth', services: { auth: `auth using ${roles}` } }))
    expect(families.map((family) => family.name)).toEqual(['roles', 'auth'])
    expect(services).toEqual({ events: 'sink', roles: 'resolver', auth: 'auth using resolver' })
  })

  it('fails on a service name two families give, naming it and both families', () => {
    const assembly = assembleFamilies(kernel, {})
      .add(() => ({ name: 'tenant-settings', services: { settings: 1 } }))
      .add(() => ({ name: 'tags', services: { tags: 2 } }))
    expect(() => assembly.add(() => ({ name: 'forms', services: { forms: 3, settings: 4 } }))).toThrow(
      'The service "settings" is declared by both the family "tenant-settings" and the family "forms".',
    )
  })

  it('fails on a family that takes a name the kernel gives, or on a family added twice', () => {
    expect(() =>
      assembleFamilies(kernel, { events: 'sink' }).add(() => ({ name: 'outbox', services: { events: 0 } })),
    ).toThrow('The service "events" is declared by both the kernel and the family "outbox".')
    const twice = () => ({ name: 'health', services: {} })
    expect(() => assembleFamilies(kernel, {}).add(twice).add(twice)).toThrow(
      'Two families are named "health".',
    )
  })
})
