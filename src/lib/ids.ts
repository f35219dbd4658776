import { randomBytes } from 'node:crypto'

/**
 * Identifiers are 24 lowercase hex characters, ObjectId-shaped as the spec's path patterns require
 * (`^[a-fA-F0-9]{24}$`): 4 bytes of seconds since the epoch, 5 random bytes fixed per process and a
 * 3-byte counter. Leading time keeps ids roughly ordered by creation, which makes them a stable
 * tie-breaker in sorts; the random middle keeps two processes from colliding.
 */
const processRandom = randomBytes(5).toString('hex')
let counter = randomBytes(3).readUIntBE(0, 3)

export function newId(): string {
  counter = (counter + 1) % 0x1000000
  const seconds = Math.floor(Date.now() / 1000)
  return seconds.toString(16).padStart(8, '0') + processRandom + counter.toString(16).padStart(6, '0')
}

export const ID_PATTERN = '^[a-f0-9]{24}$'

export function isId(value: string): boolean {
  return /^[a-f0-9]{24}$/.test(value)
}
