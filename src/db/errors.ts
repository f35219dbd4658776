/**
 * PostgreSQL error recognition. Drizzle wraps driver errors (`DrizzleQueryError`) with the
 * original in `cause`; both PGlite and node-postgres put the SQLSTATE in `code` and the violated
 * constraint in `constraint`.
 */
interface PgErrorLike {
  code?: unknown
  constraint?: unknown
  cause?: unknown
}

export function pgErrorOf(err: unknown): { code: string; constraint: string | undefined } | undefined {
  let current: unknown = err
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const candidate = current as PgErrorLike
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      }
    }
    current = candidate.cause
  }
  return undefined
}

/** True when `err` is a unique violation (23505), of `constraint` when given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pgError = pgErrorOf(err)
  return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint)
}

/**
 * For a catch block: `err` as the API error that `conflicts` names for the unique index it violated,
 * else `err` itself, to be thrown. Uniqueness is decided by the index, never by a read before the
 * write; this is the one place that tells an index's violation apart.
 */
export function uniqueConflict(err: unknown, conflicts: Readonly<Record<string, () => Error>>): unknown {
  const pgError = pgErrorOf(err)
  if (pgError?.code !== '23505' || pgError.constraint === undefined) return err
  return Object.hasOwn(conflicts, pgError.constraint) ? conflicts[pgError.constraint]!() : err
}
