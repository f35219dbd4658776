import { describe, expect, it } from 'vitest'
import { call, seedTenant, useTestContext } from '../../../test/helpers.js'

// The shortest time limit a worker task may have: no html of this size is sanitized within it.
const ctx = useTestContext({ WORKER_TASK_TIMEOUT_MS: '100' })

describe('where html is sanitized', () => {
  it('sanitizes an html of 4096 characters or fewer on the event loop, starting no worker thread', async () => {
    const { token } = await seedTenant(ctx.db)
    const workers = ctx.app.folio.services.workers
    const short = `<p onclick="x()">${'a'.repeat(4096 - 39)}</p><script>1</script>`
    expect(short).toHaveLength(4096)
    const saved = await call(ctx.app, 'POST', '/api/contents', {
      token,
      body: { title: 'Short', html: short },
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.data.content.html).toBe(`<p>${'a'.repeat(4096 - 39)}</p>`)
    expect(workers.threads()).toBe(0)
    const deep = await call(ctx.app, 'POST', '/api/contents', {
      token,
      body: { title: 'Short and deep', html: '<i>'.repeat(1000) },
    })
    expect(deep.data.details).toEqual([
      { path: '/html', message: 'html nests elements deeper than 256 levels.' },
    ])
    expect(workers.threads()).toBe(0)
  })
})

describe('an html the worker threads cannot sanitize in time', () => {
  // Sanitized on the event loop, this html would be saved (in half a second): the 503 shows it went to a thread.
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
