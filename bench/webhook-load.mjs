// Webhook load plumbing shared by `bench:webhooks` and `bench:chaos`: local receivers that record
// every delivery, tenants whose webhooks point at them, a steady stream of writes, and the summary
// of what arrived when.
import { createServer } from 'node:http'
import { json, signedInAccount, sleep } from './lib.mjs'

/**
 * A webhook receiver on loopback answering 200 to everything; `deliveries` maps the `webhook-id` of
 * each `tag.created` delivery to `{ firstAt, count, committedAt }` (ms since the epoch; `committedAt`
 * from the body's `timestamp`, the event's recording time).
 */
export async function startReceiver() {
  const deliveries = new Map()
  const server = createServer((request, response) => {
    const chunks = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => {
      const at = Date.now()
      const id = String(request.headers['webhook-id'])
      const seen = deliveries.get(id)
      if (seen) seen.count += 1
      else {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        // The bench's writes create tags; the set-up's own events (settings, tokens) are not counted.
        if (body.type === 'tag.created')
          deliveries.set(id, { firstAt: at, count: 1, committedAt: Date.parse(body.timestamp) })
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    deliveries,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

/**
 * `count` tenants of one new account at `base`, each with a write-scoped API token and its webhook
 * on `receivers[i].url`. Returns `[{ tenantId, token }]`.
 */
export async function tenantsWithWebhooks(base, receivers) {
  const { token, post } = await signedInAccount(base, 'Webhooks')
  const tenants = []
  for (const [index, receiver] of receivers.entries()) {
    const created = await post(
      '/api/tenants',
      { name: `Webhooks ${index}`, slug: `webhooks-${index}-${Date.now()}` },
      token,
    )
    const tenantId = created.tenant.id
    const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': tenantId }
    await json(`${base}/api/tenant-settings`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        webhook: { enabled: true, url: receiver.url, secret: `bench-secret-${index}-0123456789` },
      }),
    })
    const apiToken = await json(`${base}/api/api-tokens`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Bench', role: 'editor', scopes: ['read', 'write'] }),
    })
    tenants.push({ tenantId, token: apiToken.plaintext })
  }
  return tenants
}

/**
 * Creates tags at `perSecond` writes a second in all for `seconds`, spread over `targets` in turn
 * (`[{ base, tenant }]`: several instances, several tenants), without waiting for one answer before
 * the next write is due. Resolves with `{ acknowledged, failed: Map<status, count>, started, ended }`
 * (`failed` keyed by status, 0 for a network error), each answer's time in `answers` if given.
 */
export async function steadyWrites({ targets, perSecond, seconds, onAnswer, onProgress }) {
  const failed = new Map()
  let acknowledged = 0
  const inFlight = new Set()
  const started = Date.now()
  const total = Math.round(perSecond * seconds)
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / perSecond
    const wait = due - Date.now()
    if (wait > 0) await sleep(wait)
    const { base, tenant } = targets[n % targets.length]
    const write = fetch(`${base}/api/tags`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Load ${n} ${started}` }),
      signal: AbortSignal.timeout(30_000),
    }).then(
      async (response) => {
        await response.arrayBuffer()
        onAnswer?.({ at: Date.now(), status: response.status, n })
        if (response.ok) acknowledged += 1
        else failed.set(response.status, (failed.get(response.status) ?? 0) + 1)
      },
      () => {
        onAnswer?.({ at: Date.now(), status: 0, n })
        failed.set(0, (failed.get(0) ?? 0) + 1)
      },
    )
    inFlight.add(write)
    write.finally(() => inFlight.delete(write))
    if (onProgress && n % perSecond === 0) onProgress({ n, total, acknowledged })
  }
  await Promise.all(inFlight)
  return { acknowledged, failed, started, ended: Date.now() }
}

/** The `p`-th percentile (0..100) of sorted `values`, or null when empty. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** What the receivers got: distinct events, duplicates, and delivery latency after the event's recording (ms). */
export function deliverySummary(receivers, lateAfterMs = 5000) {
  const latencies = []
  let duplicates = 0
  for (const receiver of receivers) {
    for (const delivery of receiver.deliveries.values()) {
      latencies.push(delivery.firstAt - delivery.committedAt)
      duplicates += delivery.count - 1
    }
  }
  latencies.sort((a, b) => a - b)
  return {
    delivered: latencies.length,
    duplicates,
    late: latencies.filter((ms) => ms > lateAfterMs).length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? null,
  }
}

/** Waits until the receivers hold `expected` distinct deliveries or `timeoutMs` passes; resolves with the count. */
export async function awaitDeliveries(receivers, expected, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  const count = () => receivers.reduce((sum, receiver) => sum + receiver.deliveries.size, 0)
  while (count() < expected && Date.now() < deadline) await sleep(200)
  return count()
}
