import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Password hashing with Node's scrypt (decisions.md allows it; no native build needed).
 * Parameters follow the OWASP password storage cheat sheet minimum (N=2^17, r=8, p=1).
 * Stored form: `scrypt$N$r$p$<salt b64>$<hash b64>` so the cost can be raised later and old hashes
 * still verify.
 */
const N = 2 ** 17
const R = 8
const P = 1
const KEY_LENGTH = 32
const MAX_MEMORY = 256 * N * R

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, { N, r: R, p: P, maxmem: MAX_MEMORY })
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const cost = Number(n)
  const blockSize = Number(r)
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: cost,
    r: blockSize,
    p: Number(p),
    maxmem: 256 * cost * blockSize,
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/**
 * A hash of a random password, verified against when the e-mail is unknown so that an unknown
 * account and a wrong password take the same time.
 */
export const dummyPasswordHash = hashPassword(randomBytes(16).toString('hex'))
