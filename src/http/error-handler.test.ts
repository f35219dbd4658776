import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerErrorHandler } from './error-handler.js'

const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code })

/** What a route's failure becomes, through the one error handler. */
const failures: Record<string, () => unknown> = {
  refused: () => coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
  terminated: () => Object.assign(new Error('Failed query: select 1'), { cause: coded('57P01') }),
  starting: () => coded('57P03', 'the database system is starting up'),
  'pool timeout': () => new Error('timeout exceeded when trying to connect'),
  duplicate: () => coded('23505', 'duplicate key value violates unique constraint'),
  bug: () => new TypeError('Cannot read properties of undefined'),
}

const app = Fastify({ logger: false })
beforeAll(async () => {
  registerErrorHandler(app)
  for (const [name, failure] of Object.entries(failures)) {
    app.get(`/${name.replace(' ', '-')}`, async () => {
      throw failure()
    })
  }
  await app.ready()
})
afterAll(() => app.close())

describe('the error handler', () => {
  it.each(['refused', 'terminated', 'starting', 'pool-timeout'])(
    'answers a database it cannot reach (%s) with 503 ServiceUnavailable and Retry-After, never 500',
    async (name) => {
      const response = await app.inject({ method: 'GET', url: `/${name}` })
      expect(response.statusCode).toBe(503)
      expect(response.headers['retry-after']).toBe('5')
      expect(response.json()).toEqual({
        error: 'ServiceUnavailable',
        message: 'The database cannot be reached right now; retry in 5 seconds.',
        retryAfter: 5,
      })
    },
  )

  it('still answers a refused statement with its 4xx and a bug with 500', async () => {
    const duplicate = await app.inject({ method: 'GET', url: '/duplicate' })
    expect([duplicate.statusCode, duplicate.json().error]).toEqual([409, 'Conflict'])
    const bug = await app.inject({ method: 'GET', url: '/bug' })
    expect([bug.statusCode, bug.json().error, bug.headers['retry-after']]).toEqual([
      500,
      'InternalServerError',
      undefined,
    ])
  })
})
