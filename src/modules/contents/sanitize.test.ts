import { describe, expect, it } from 'vitest'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'

// The shortest time limit a worker task may have: no html of this size is sanitized within it.
const ctx = useTestContext({ WORKER_TASK_TIMEOUT_MS: '100' })

describe('an html the worker threads cannot sanitize in time', () => {
  it('answers 503 ServiceUnavailable and saves nothing', async () => {
    const { token } = await seedTenant(ctx.db)
    const unit = `${'<b>'.repeat(200)}x${'</b>'.repeat(200)}`
    const html = unit.repeat(Math.floor(1_000_000 / unit.length))
    const response = await call(ctx.app, 'POST', '/api/contents', { token, body: { title: 'Slow', html } })
    expect(response.statusCode).toBe(503)
    expect(response.data).toEqual({
      error: 'ServiceUnavailable',
      message:
        'The server could not sanitize this html in time: it is busy. Nothing was saved; send it again in a moment.',
    })
    const list = await call(ctx.app, 'GET', '/api/contents', { token })
    expect(list.data.pagination.total).toBe(0)
  })
})
