import { describe, expect, it } from 'vitest'
import { createSecretBox } from './secrets.js'

const OLD = 'old-secret-old-secret-old-secret-0123456789'
const NEW = 'new-secret-new-secret-new-secret-0123456789'

describe('secret box (AES-256-GCM, key from APP_SECRET by HKDF)', () => {
  it('round-trips and never stores the plaintext', () => {
    const box = createSecretBox(NEW)
    const stored = box.encrypt('smtp-password', 'tenant:a:smtp.password')
    expect(stored).not.toContain('smtp-password')
    expect(stored.startsWith('v1.')).toBe(true)
    expect(box.decrypt(stored, 'tenant:a:smtp.password')).toBe('smtp-password')
    expect(box.encrypt('smtp-password', 'tenant:a:smtp.password')).not.toBe(stored)
  })

  it('refuses a ciphertext moved to another place or altered', () => {
    const box = createSecretBox(NEW)
    const stored = box.encrypt('secret', 'tenant:a:webhook.secret')
    expect(() => box.decrypt(stored, 'tenant:b:webhook.secret')).toThrow()
    const parts = stored.split('.')
    parts[4] = Buffer.from('tampered').toString('base64url')
    expect(() => box.decrypt(parts.join('.'), 'tenant:a:webhook.secret')).toThrow()
  })

  it('decrypts values of the previous APP_SECRET during a rotation and tells which need re-encrypting', () => {
    const stored = createSecretBox(OLD).encrypt('secret', 'ctx')
    expect(() => createSecretBox(NEW).decrypt(stored, 'ctx')).toThrow(/unknown key/)
    const rotating = createSecretBox(NEW, [OLD])
    expect(rotating.decrypt(stored, 'ctx')).toBe('secret')
    expect(rotating.isCurrent(stored)).toBe(false)
    expect(rotating.isCurrent(rotating.encrypt('secret', 'ctx'))).toBe(true)
  })
})
