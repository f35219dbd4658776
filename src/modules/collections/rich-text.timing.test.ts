import { describe, expect, it } from 'vitest'
import { createCollection } from '../../../test/collection-fixtures.js'
import { seedTenant, useTestContext } from '../../../test/helpers.js'
import { bestBesideHealth } from '../../../test/timing.js'

// A rich-text field is sanitized off the event loop, like a content's html
// (docs/decisions/input-hygiene.md "HTML is bounded and sanitized off the event loop"): while the
// worst value is saved, `GET /health`, asked every 5 ms over a socket, answers within 100 ms. Run by
// `npm run test:timing`; entries.test.ts checks the same answers without timing them.
const ctx = useTestContext()

const HEALTH_LIMIT_MS = 100

/** POSTs a JSON text made beforehand (so that the client's own work is not timed), answering the raw body. */
async function post(base: string, token: string, json: string) {
  const response = await fetch(`${base}/api/collections/notes/entries`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: json,
  })
  return { status: response.status, body: await response.text() }
}

async function notes() {
  const owner = await seedTenant(ctx.db)
  await createCollection(ctx, owner.token, {
    key: 'notes',
    name: { en: 'Notes' },
    fields: [{ key: 'body', type: 'richText', label: { en: 'Body' } }],
  })
  return owner
}

describe('saving a rich-text field beside GET /health', () => {
  it('refuses 35,000 nested <b> at once, naming the field, and never holds the event loop', async () => {
    const owner = await notes()
    // The deepest that fits the 256 KB a free object's JSON may take.
    const json = JSON.stringify({ data: { body: `${'<b>'.repeat(35_000)}x${'</b>'.repeat(35_000)}` } })
    const measured = await bestBesideHealth(ctx.app, (base) => post(base, owner.token, json), HEALTH_LIMIT_MS)
    expect(measured.answer.status).toBe(400)
    expect(JSON.parse(measured.answer.body).details).toEqual([
      { path: '/data/body', message: 'html nests elements deeper than 256 levels' },
    ])
    expect(new Set(measured.healthStatuses)).toEqual(new Set([200]))
    expect(measured.healthMaxMs, measured.attempts).toBeLessThan(HEALTH_LIMIT_MS)
    expect(measured.healthMaxCpuMs ?? 0, measured.attempts).toBeLessThan(HEALTH_LIMIT_MS)
  })
})
