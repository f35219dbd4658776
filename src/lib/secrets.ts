import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Secrets Folio must read back (a tenant's SMTP password, its webhook secret) are stored encrypted
 * with AES-256-GCM (docs/decisions/security.md "Secrets Folio must read back are encrypted and
 * bound to their place"), under a key derived from `APP_SECRET` with HKDF-SHA256 (RFC 5869). The
 * additional authenticated data binds a ciphertext to its place (tenant and member), so a
 * ciphertext copied into another tenant's row does not decrypt.
 *
 * Stored form: `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts); `keyId` names the key so a
 * rotation knows which secret to use.
 *
 * Rotation (README "Rotating APP_SECRET"): set the new `APP_SECRET`, keep the old one in
 * `APP_SECRET_PREVIOUS` (comma-separated for several); reads decrypt with whichever key made the
 * value and every write encrypts with the current key; `npm run secrets:rotate` re-encrypts what
 * is stored, after which the previous secret can be dropped.
 */
export interface SecretBox {
  /** Ciphertext of `plaintext` for `context` (e.g. `tenant:<id>:smtp.password`). */
  encrypt(plaintext: string, context: string): string
  /**
   * The plaintext. @throws Error when no known key made the value or it was altered (wrong
   * context, edited bytes).
   */
  decrypt(stored: string, context: string): string
  /** Whether `stored` was made by the current key (false means it should be re-encrypted). */
  isCurrent(stored: string): boolean
}

const VERSION = 'v1'
const INFO = 'folio stored secrets v1'

interface Key {
  id: string
  bytes: Buffer
}

function deriveKey(appSecret: string): Key {
  const bytes = Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), INFO, 32))
  const id = createHash('sha256').update(bytes).digest('base64url').slice(0, 8)
  return { id, bytes }
}

export function createSecretBox(appSecret: string, previousSecrets: readonly string[] = []): SecretBox {
  const current = deriveKey(appSecret)
  const keys = new Map([current, ...previousSecrets.map(deriveKey)].map((key) => [key.id, key]))

  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', current.bytes, iv)
      cipher.setAAD(Buffer.from(context, 'utf8'))
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'))
      return [VERSION, current.id, ...parts].join('.')
    },

    decrypt(stored, context) {
      const [version, keyId, iv, tag, data] = stored.split('.')
      const key = keyId === undefined ? undefined : keys.get(keyId)
      if (
        version !== VERSION ||
        key === undefined ||
        iv === undefined ||
        tag === undefined ||
        data === undefined
      ) {
        throw new Error('The stored secret was made by an unknown key (is APP_SECRET_PREVIOUS set?).')
      }
      const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'))
      decipher.setAAD(Buffer.from(context, 'utf8'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      )
    },

    isCurrent(stored) {
      return stored.split('.')[1] === current.id
    },
  }
}
