import { describe, expect, it } from 'vitest'
import { seedTenant, useTestContext } from '../../../test/helpers.js'
import { bestBesideHealth } from '../../../test/timing.js'

// An upload's outline check refuses an export nested past the bound before its cost grows
// (docs/decisions/imports.md "An export nests a few levels"): while it is refused, `GET /health`,
// asked every 5 ms over a socket, answers within 100 ms. Run by `npm run test:timing`;
// imports-routes.test.ts checks the same answers without timing them.
const ctx = useTestContext()

const HEALTH_LIMIT_MS = 100

const NAMESPACES =
  'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"'

describe('uploading a WordPress export beside GET /health', () => {
  it('refuses an export with 30,000 nested elements at once, naming the line, and never holds the event loop', async () => {
    const owner = await seedTenant(ctx.db)
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" ${NAMESPACES}>\n<channel>\n<title>Deep</title>\n<item>\n` +
      `${'<x>'.repeat(30_000)}${'</x>'.repeat(30_000)}\n</item>\n</channel>\n</rss>\n`
    const measured = await bestBesideHealth(
      ctx.app,
      async (base) => {
        const response = await fetch(`${base}/api/imports/wordpress`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/xml' },
          body: xml,
        })
        return { status: response.status, data: await response.json() }
      },
      HEALTH_LIMIT_MS,
    )
    expect(measured.answer.status).toBe(400)
    expect(measured.answer.data).toEqual({
      error: 'BadRequest',
      message:
        'The export nests elements deeper than 64 levels (line 6); a WordPress export nests 6 at most.',
    })
    expect(measured.wallMs).toBeLessThan(1000)
    expect(new Set(measured.healthStatuses)).toEqual(new Set([200]))
    expect(measured.healthMaxMs, measured.attempts).toBeLessThan(HEALTH_LIMIT_MS)
    expect(measured.healthMaxCpuMs ?? 0, measured.attempts).toBeLessThan(HEALTH_LIMIT_MS)
  })
})
