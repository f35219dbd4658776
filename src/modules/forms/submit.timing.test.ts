import { describe, expect, it } from 'vitest'
import { createForm } from '../../../test/form-fixtures.js'
import { call, seedApiToken, seedTenant, useTestContext } from '../../../test/helpers.js'
import { besideHealth } from '../../../test/timing.js'

// The cost of checking a pattern in CPU time and event-loop stalls: run by `npm run test:timing` on
// a quiet machine; submit.test.ts checks the same answers without timing them.
const ctx = useTestContext()

const FAST = { antiSpam: { minFillSeconds: 0 } }

async function setup(settings: Record<string, unknown>, fields: unknown[]) {
  const owner = await seedTenant(ctx.db)
  const form = await createForm(ctx.app, owner.token, { settings, fields })
  const writeToken = await seedApiToken(ctx.db, owner.tenantId, { scopes: ['write'] })
  return { owner, form, writeToken }
}

function submit(tenantId: string, formId: string, body: unknown, headers: Record<string, string> = {}) {
  return call(ctx.app, 'POST', `/api/public/forms/${formId}/submit`, {
    body,
    headers: { 'x-tenant-id': tenantId, ...headers },
  })
}

describe('public form submission', () => {
  it('checks a pattern in linear time: an answer that would backtrack for ages is refused at once', async () => {
    // Thirty `\d*` in a row split 39 digits in ~1e19 ways for a backtracking engine before the `x` fails.
    const pattern = `^${'\\d*'.repeat(30)}$`
    const { owner, form, writeToken } = await setup(FAST, [
      { id: 'digits', type: 'text', validation: { pattern } },
    ])
    const headers = { 'x-api-key': writeToken }
    const warmUp = await submit(owner.tenantId, form.id, { data: { digits: '12345' } }, headers)
    expect(warmUp.statusCode).toBe(201)
    // The fastest of three tries: background work of the warm-up (its response's events relayed, a
    // garbage collection) lands in one try now and then, while a backtracking check slows every try.
    const tries = []
    for (let attempt = 0; attempt < 3; attempt++) {
      tries.push(
        await besideHealth(ctx.app, () =>
          submit(owner.tenantId, form.id, { data: { digits: `${'9'.repeat(39)}x` } }, headers),
        ),
      )
    }
    for (const each of tries) expect(each.answer.statusCode).toBe(400)
    const slow = tries.reduce((best, each) => (each.wallMs < best.wallMs ? each : best))
    expect(slow.answer.statusCode).toBe(400)
    expect(slow.answer.data.details).toEqual([
      { field: 'digits', message: `does not match the pattern ${pattern}` },
    ])
    // The answer within 100 ms (this runs alone, on a quiet machine); the process's CPU time,
    // garbage collection and health checks included, stays far below a backtracking freeze.
    expect(slow.wallMs).toBeLessThan(100)
    expect(slow.cpuMs).toBeLessThan(500)
    expect(new Set(slow.healthStatuses)).toEqual(new Set([200]))
    expect(slow.healthMaxMs).toBeLessThan(1000)
    const longest = await besideHealth(ctx.app, () =>
      submit(owner.tenantId, form.id, { data: { digits: '7'.repeat(10_000) } }, headers),
    )
    expect(longest.answer.statusCode).toBe(201)
    expect(longest.cpuMs).toBeLessThan(1000)
  })
})
