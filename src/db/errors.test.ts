import { describe, expect, it } from 'vitest'
import { isConnectionFailure, isUniqueViolation, uniqueConflict } from './errors.js'

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code })

describe('isConnectionFailure', () => {
  it('recognizes a server that is down, restarting, full or too slow, however the error is wrapped', () => {
    const failures = [
      coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      coded('ECONNRESET'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('08006'),
      coded('53300', 'sorry, too many clients already'),
      coded('57014', 'canceling statement due to statement timeout'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      // pg-boss appends the queue to the message of a failed fetch.
      new Error('Connection terminated unexpectedly (Queue: mail.notice, Worker: 1)'),
      // Drizzle wraps the driver's error; node reports every address it tried.
      Object.assign(new Error('Failed query: select 1'), { cause: coded('57P01') }),
      new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')], 'connect failed'),
    ]
    expect(failures.map((err) => isConnectionFailure(err))).toEqual(failures.map(() => true))
  })

  it('leaves a refused statement, our own errors and non-errors alone', () => {
    const others = [
      coded('23505', 'duplicate key value violates unique constraint'),
      Object.assign(new Error('Failed query: insert'), { cause: coded('23503') }),
      new Error('Cannot read properties of undefined'),
      new Error('Cannot use a pool after calling end on the pool'),
      coded('ERR_INVALID_ARG_TYPE'),
      'ECONNREFUSED',
      undefined,
    ]
    expect(others.map((err) => isConnectionFailure(err))).toEqual(others.map(() => false))
  })
})

describe('unique violations', () => {
  const violation = (constraint: string) =>
    Object.assign(new Error('Failed query: insert'), {
      cause: Object.assign(coded('23505', 'duplicate key value violates unique constraint'), { constraint }),
    })

  it('tells a violation apart by the index it names, however the error is wrapped', () => {
    expect(isUniqueViolation(violation('tags_tenant_slug_key'), 'tags_tenant_slug_key')).toBe(true)
    expect(isUniqueViolation(violation('tags_tenant_slug_key'), 'users_email_key')).toBe(false)
    const foreignKey = Object.assign(coded('23503'), { constraint: 'tags_tenant_slug_key' })
    expect(isUniqueViolation(foreignKey, 'tags_tenant_slug_key')).toBe(false)
    expect(isUniqueViolation(new Error('duplicate'), 'tags_tenant_slug_key')).toBe(false)
  })

  it('maps the violated index to its domain error, and leaves every other error as it is', () => {
    const conflicts = {
      tags_tenant_slug_key: () => new Error('slug taken'),
      tags_tenant_title_key: () => new Error('title taken'),
    }
    expect(uniqueConflict(violation('tags_tenant_title_key'), conflicts)).toEqual(new Error('title taken'))
    const unmapped = violation('tags_pkey')
    expect(uniqueConflict(unmapped, conflicts)).toBe(unmapped)
    const other = coded('23503')
    expect(uniqueConflict(other, conflicts)).toBe(other)
    // A constraint named like an Object member is no mapping.
    const inherited = violation('toString')
    expect(uniqueConflict(inherited, conflicts)).toBe(inherited)
  })
})
