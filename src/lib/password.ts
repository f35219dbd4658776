import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Password hashing with Node's scrypt (docs/decisions/auth.md "Passwords": no native build, and it
 * runs on libuv's thread pool, off the event loop).
 *
 * Cost: N=2^14, r=8, p=5, one of the OWASP Password Storage Cheat Sheet's equivalent scrypt settings.
 * It needs 16 MiB per check (128·N·r bytes) where N=2^17, r=8, p=1 needs 128 MiB, so even 50 checks
 * running at once (UV_THREADPOOL_SIZE=50) stay within 1 GiB; `bench/password-memory.mjs` measures it.
 *
 * Stored form: `scrypt$N$r$p$<salt b64>$<hash b64>`. It carries its parameters, so hashes made with
 * other costs (the earlier N=2^17, r=8, p=1) still verify, and `needsRehash` says when to store anew.
 */
const COST = { N: 2 ** 14, r: 8, p: 5 }
const KEY_LENGTH = 32

/** Bounds for parameters read back from storage, so a corrupt row cannot ask for gigabytes or minutes. */
const MAX_TABLE_BYTES = 256 * 1024 * 1024
const MAX_PARALLELISM = 16

interface Parsed {
  cost: { N: number; r: number; p: number }
  salt: Buffer
  hash: Buffer
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, COST)
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64')}$${key.toString('base64')}`
}

/**
 * The stored value of an account without a password (one made by Google sign-in): like `!` in
 * /etc/shadow, it matches no password.
 */
export const NO_PASSWORD = '!'

/** Whether `stored` is a password hash (not `NO_PASSWORD` or another unusable value). */
export function hasPassword(stored: string): boolean {
  return parse(stored) !== undefined
}

/**
 * Whether `password` matches `stored`. Without a usable stored hash (unknown or disabled account,
 * an account without a password, a malformed value) it checks against a dummy hash and answers
 * false, so every such case takes as long as a wrong password.
 */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parsed = stored === undefined ? undefined : parse(stored)
  if (parsed === undefined) {
    await derive(password, DUMMY_SALT, COST)
    return false
  }
  const key = await derive(password, parsed.salt, parsed.cost)
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash)
}

/** True when `stored` was made with other parameters than `hashPassword` uses now. */
export function needsRehash(stored: string): boolean {
  const cost = parse(stored)?.cost
  return cost === undefined || cost.N !== COST.N || cost.r !== COST.r || cost.p !== COST.p
}

/** What is hashed against when there is nothing to compare: the work of a real check. */
const DUMMY_SALT = randomBytes(16)

function parse(stored: string): Parsed | undefined {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash || rest.length > 0) return undefined
  const cost = { N: Number(n), r: Number(r), p: Number(p) }
  const isPowerOfTwo = Number.isInteger(cost.N) && cost.N >= 2 && (cost.N & (cost.N - 1)) === 0
  if (!isPowerOfTwo || !Number.isInteger(cost.r) || cost.r < 1 || 128 * cost.N * cost.r > MAX_TABLE_BYTES) {
    return undefined
  }
  if (!Number.isInteger(cost.p) || cost.p < 1 || cost.p > MAX_PARALLELISM) return undefined
  return { cost, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') }
}

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  // scrypt needs 128·N·r bytes for its table plus 128·r·p for its blocks; Node's default cap is 32 MiB.
  const options: ScryptOptions = { ...cost, maxmem: 128 * cost.r * (cost.N + cost.p + 2) + 1024 * 1024 }
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })
}
