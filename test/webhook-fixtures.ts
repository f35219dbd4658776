import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Webhook } from 'standardwebhooks'
import { expect, vi } from 'vitest'
import { systemContext } from '../src/context.js'
import type { Db } from '../src/db/client.js'
import { activities, outbox, tenantSettings, webhookDeliveries } from '../src/db/schema/index.js'
import type { TenantEvent } from '../src/events/account-fanout.js'
import { type CommittedEvent, type DomainEvent, transactional } from '../src/events/event-log.js'
import { newId } from '../src/lib/ids.js'
import { createSecretBox } from '../src/lib/secrets.js'
import { webhookSecretContext } from '../src/modules/tenant-settings/reader.js'
import { TEST_APP_SECRET } from './helpers.js'

/** What reached a test receiver. */
export interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/**
 * A webhook receiver on loopback only. Paths: `/ok…` answers 200; `/flaky…` answers 500 the first
 * time each path is called, then 200; `/fail…` always 500.
 */
export async function startReceiver() {
  const received: Received[] = []
  const seen = new Set<string>()
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? ''
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      const firstTime = !seen.has(path)
      seen.add(path)
      const status = path.startsWith('/fail') || (path.startsWith('/flaky') && firstTime) ? 500 : 200
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'thanks' : 'nope')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    to: (path: string) => received.filter((entry) => entry.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Writes a tenant's webhook settings straight into `tenant_settings` (the settings routes are
 * another family's), the secret encrypted as the settings service stores it. Use a tenant whose
 * settings the app has not read yet: the reader caches them for a minute.
 */
export async function configureWebhook(
  db: Db,
  tenantId: string,
  webhook: { url: string; secret: string | null; enabled?: boolean },
) {
  const values = {
    webhook: { enabled: webhook.enabled ?? true, url: webhook.url },
    webhookSecretEncrypted:
      webhook.secret === null
        ? null
        : createSecretBox(TEST_APP_SECRET).encrypt(webhook.secret, webhookSecretContext(tenantId)),
  }
  await db
    .insert(tenantSettings)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: tenantSettings.tenantId, set: values })
}

/**
 * Records a domain event for `tenantId` as a write would; a relay picks it up by polling. On a
 * shared test PostgreSQL that may be another test file's app: use `deliverEvent` where the outcome
 * depends on this app's configuration.
 */
export async function emitEvent(db: Db, tenantId: string, event: DomainEvent): Promise<CommittedEvent> {
  const committed: CommittedEvent[] = []
  const write = transactional(db, { committed: (events) => committed.push(...events) })
  await write(systemContext(tenantId, 'webhook-test'), async (_tx, emit) => emit(event))
  return committed[0] as CommittedEvent
}

export async function deliveryRow(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, id)))
  return row
}

export async function outboxRow(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.tenantId, tenantId), eq(outbox.id, id)))
  return row
}

/**
 * A domain event handed to `app`'s own webhooks consumer, as its relay does: stored in the outbox as
 * already dispatched (so no other app's relay takes it), then given to the consumer in a transaction.
 * `times` hands it over more than once, as the relay does after a failed batch.
 */
export async function deliverEvent(
  app: FastifyInstance,
  db: Db,
  tenantId: string,
  event: { type: string; subjectId?: string; payload: Record<string, unknown> },
  times = 1,
): Promise<TenantEvent> {
  const committed: TenantEvent = {
    ...event,
    subjectId: event.subjectId ?? null,
    id: newId(),
    tenantId,
    actor: { kind: 'system', name: 'webhook-test' },
    ipAddress: null,
    createdAt: new Date(),
  }
  await db.insert(outbox).values({
    tenantId,
    id: committed.id,
    type: committed.type,
    subjectId: committed.subjectId ?? null,
    actor: committed.actor,
    payload: committed.payload,
    createdAt: committed.createdAt,
    dispatchedAt: committed.createdAt,
  })
  for (let round = 0; round < times; round++) {
    await db.transaction((tx) =>
      app.folio.services.webhooks.consumer.handle(tx as unknown as Db, [committed]),
    )
  }
  return committed
}

/** The delivery once it reached `status` (waits up to 20 s). */
export async function settledDelivery(db: Db, tenantId: string, id: string, status: 'succeeded' | 'failed') {
  return vi.waitFor(
    async () => {
      const row = await deliveryRow(db, tenantId, id)
      if (row?.status !== status) throw new Error(`delivery ${id} is ${row?.status ?? 'missing'}`)
      return row
    },
    { timeout: 20_000, interval: 100 },
  )
}

/** Verifies a received request as a receiver would; returns the parsed body. */
export function verified(secret: string | Uint8Array, request: Received) {
  const webhook = typeof secret === 'string' ? new Webhook(secret) : new Webhook(secret, { format: 'raw' })
  return webhook.verify(request.body, request.headers as Record<string, string>) as {
    type: string
    timestamp: string
    data: Record<string, unknown>
  }
}

/** Asserts that none of `secrets` shows in `texts` (responses, log lines), delivery rows, the outbox or activities. */
export async function expectSecretsHidden(db: Db, texts: string[], secrets: string[]) {
  const tables = JSON.stringify([
    await db.select().from(webhookDeliveries),
    await db.select().from(outbox),
    await db.select().from(activities),
  ])
  const everything = [...texts, tables].join('\n')
  for (const secret of secrets) expect(everything).not.toContain(secret)
}
