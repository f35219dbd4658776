import { describe, expect, it } from 'vitest'
import { seedTenant, useTestContext } from '../../../test/helpers.js'
import { bestBesideHealth } from '../../../test/timing.js'

// A content's html is sanitized off the event loop (docs/decisions/input-hygiene.md "HTML is bounded
// and sanitized off the event loop"): while the worst html is saved, `GET /health`, asked every
// 5 ms over a socket, answers within 100 ms. Run by `npm run test:timing`; contents.test.ts checks
// the same answers without timing them.
const ctx = useTestContext()

const HEALTH_LIMIT_MS = 100

/** POSTs a JSON text made beforehand (so that the client's own work is not timed), answering the raw body. */
async function post(base: string, token: string, json: string) {
  const response = await fetch(`${base}/api/contents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: json,
  })
  return { status: response.status, body: await response.text() }
}

describe('saving a content html beside GET /health', () => {
  it('refuses 100,000 nested <div> at once, naming html, and never holds the event loop', async () => {
    const owner = await seedTenant(ctx.db)
    // 1.1 MB: past the length limit, refused by validation before anything parses it.
    const json = JSON.stringify({
      title: 'Deep',
      html: `${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}`,
    })
    const measured = await bestBesideHealth(ctx.app, (base) => post(base, owner.token, json), HEALTH_LIMIT_MS)
    expect(measured.answer.status).toBe(400)
    expect(JSON.parse(measured.answer.body).details).toEqual([
      expect.objectContaining({
        path: 'body/html',
        message: 'The HTML must be at most 1000000 characters long.',
      }),
    ])
    expect(new Set(measured.healthStatuses)).toEqual(new Set([200]))
    expect(measured.healthMaxMs, measured.attempts).toBeLessThan(HEALTH_LIMIT_MS)
    expect(measured.healthMaxCpuMs ?? 0, measured.attempts).toBeLessThan(HEALTH_LIMIT_MS)
  })

  it('refuses 140,000 nested <b> within the length limit at once, naming html, and never holds the event loop', async () => {
    const owner = await seedTenant(ctx.db)
    const json = JSON.stringify({
      title: 'Deep',
      html: `${'<b>'.repeat(140_000)}deep${'</b>'.repeat(140_000)}`,
    })
    const measured = await bestBesideHealth(ctx.app, (base) => post(base, owner.token, json), HEALTH_LIMIT_MS)
    expect(measured.answer.status).toBe(400)
    expect(JSON.parse(measured.answer.body).details).toEqual([
      { path: '/html', message: 'html nests elements deeper than 256 levels.' },
    ])
    expect(new Set(measured.healthStatuses)).toEqual(new Set([200]))
    expect(measured.healthMaxMs, measured.attempts).toBeLessThan(HEALTH_LIMIT_MS)
    expect(measured.healthMaxCpuMs ?? 0, measured.attempts).toBeLessThan(HEALTH_LIMIT_MS)
  })

  it('saves an html that takes the sanitizer half a second while /health answers', async () => {
    const owner = await seedTenant(ctx.db)
    // A megabyte of elements carrying attributes the sanitizer drops: among the costliest shapes per
    // character measured (400–600 ms of one core), and little to store, so that what the request
    // still does on the event loop (reading the JSON body, and with the embedded database its
    // writes: 20–40 ms) stays small beside the sanitizing this measures.
    const unit = '<b a b c d e f g h i j k l m n o p q r s t u v w x y z>x</b>'
    const count = Math.floor(1_000_000 / unit.length)
    const html = unit.repeat(count)
    const json = JSON.stringify({ title: 'Costly', html })
    const measured = await bestBesideHealth(ctx.app, (base) => post(base, owner.token, json), HEALTH_LIMIT_MS)
    expect(measured.answer.status, measured.answer.body.slice(0, 300)).toBe(200)
    expect(JSON.parse(measured.answer.body).content.html).toBe('<b>x</b>'.repeat(count))
    expect(new Set(measured.healthStatuses)).toEqual(new Set([200]))
    expect(measured.healthMaxMs, measured.attempts).toBeLessThan(HEALTH_LIMIT_MS)
    expect(measured.healthMaxCpuMs ?? 0, measured.attempts).toBeLessThan(HEALTH_LIMIT_MS)
  })
})
