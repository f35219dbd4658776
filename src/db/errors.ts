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

/** The unique index or constraint a unique violation (23505) names; undefined for any other error. */
function violatedUnique(err: unknown): string | undefined {
  const pgError = pgErrorOf(err)
  return pgError?.code === '23505' ? pgError.constraint : undefined
}

/**
 * True when `err` is a unique violation of `constraint` (a unique index or constraint, by name), for
 * a catch block that goes on another way (retries, answers what already exists). Uniqueness is
 * decided by the index, never by a read before the write, and a violation is always told apart by
 * the index it names: a family's other unique indexes fail as themselves.
 */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  return violatedUnique(err) === constraint
}

/**
 * For a catch block: `err` as the domain error that `conflicts` maps the violated unique index (or
 * constraint) to, else `err` itself, to be thrown: `throw uniqueConflict(err, { [KEY]: () => … })`.
 */
export function uniqueConflict(err: unknown, conflicts: Readonly<Record<string, () => Error>>): unknown {
  const constraint = violatedUnique(err)
  return constraint !== undefined && Object.hasOwn(conflicts, constraint) ? conflicts[constraint]!() : err
}

/**
 * SQLSTATEs of a database that cannot serve right now: the connection exception class (08…), a
 * server shutting down, crashed or starting (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now), out of connections (53300), and a statement cancelled by the statement
 * timeout (57014).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014'])
/** Socket errors of a server that is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
/**
 * node-postgres and pg-pool raise these as plain errors without a code (pg-boss appends the queue's
 * name to a message, so they are matched as prefixes). A pool this process ended is not among them:
 * using one is a bug, not an outage.
 */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
]

/**
 * Whether `err` (or an error it wraps, through `cause` or an AggregateError's `errors`) says the
 * database could not be reached or could not serve the statement, rather than refusing it: such a
 * request is answered 503 with Retry-After (docs/decisions/configuration.md "PostgreSQL outages").
 */
export function isConnectionFailure(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false
  const { code, message, cause, errors } = err as {
    code?: unknown
    message?: unknown
    cause?: unknown
    errors?: unknown
  }
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
      return true
  }
  if (typeof message === 'string' && DRIVER_MESSAGES.some((known) => message.startsWith(known))) return true
  if (Array.isArray(errors) && errors.some((inner) => isConnectionFailure(inner, depth + 1))) return true
  return isConnectionFailure(cause, depth + 1)
}
