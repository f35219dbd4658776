import { describe, expect, it } from 'vitest'
import { LEGACY_TEST_PASSWORD_HASH as LEGACY_HASH } from '../../test/auth-fixtures.js'
import { TEST_PASSWORD } from '../../test/helpers.js'
import { hashPassword, needsRehash, verifyPassword } from './password.js'

describe('password hashing', () => {
  it('hashes with N=2^14, r=8, p=5 and a fresh salt, and verifies only the same password', async () => {
    const first = await hashPassword('pässword one')
    const second = await hashPassword('pässword one')
    expect(first).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/)
    expect(second).not.toBe(first)
    expect(await verifyPassword('pässword one', first)).toBe(true)
    expect(await verifyPassword('pässword one ', first)).toBe(false)
    expect(needsRehash(first)).toBe(false)
  })

  it('compares passwords after NFKC normalisation (a composed and a decomposed ä match)', async () => {
    const stored = await hashPassword('p\u00e4ss')
    expect(await verifyPassword('pa\u0308ss', stored)).toBe(true)
  })

  it('still verifies hashes stored with the earlier N=2^17 parameters, and asks for a rehash', async () => {
    expect(await verifyPassword(TEST_PASSWORD, LEGACY_HASH)).toBe(true)
    expect(await verifyPassword(`${TEST_PASSWORD}r`, LEGACY_HASH)).toBe(false)
    expect(needsRehash(LEGACY_HASH)).toBe(true)
  })

  it('answers false without a stored hash and for malformed or oversized stored values', async () => {
    expect(await verifyPassword('anything', undefined)).toBe(false)
    for (const stored of [
      '',
      'bcrypt$10$abc',
      'scrypt$16384$8$5$c2FsdA==',
      'scrypt$1000$8$5$c2FsdA==$aGFzaA==',
      'scrypt$16384$8$0$c2FsdA==$aGFzaA==',
      // 2^22 · 8 · 128 bytes = 4 GiB of scrypt table: refused before any work.
      'scrypt$4194304$8$1$c2FsdA==$aGFzaA==',
      'scrypt$16384$8$5$c2FsdA==$aGFzaA==$extra',
    ]) {
      expect(await verifyPassword('anything', stored), stored).toBe(false)
    }
  })
})
