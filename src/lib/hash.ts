import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** SHA-256 of a UTF-8 string as lowercase hex: how one-time tokens and API tokens are stored at rest. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex')
}

/** `bytes` random bytes as base64url (no padding): opaque tokens shown once to their holder. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** Constant-time string comparison; unequal lengths compare false without leaking where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
