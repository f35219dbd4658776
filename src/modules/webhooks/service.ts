import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { eventsByTenant } from '../../events/account-fanout.js'
import { type CommittedEvent, type EventSink, transactional } from '../../events/event-log.js'
import type { TransactionalConsumer } from '../../events/relay.js'
import { newId } from '../../lib/ids.js'
import type { Outbound } from '../../lib/outbound.js'
import { pageOf, paginate } from '../../lib/paging.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import { createWebhooksRepository, type DeliveryRow } from './repository.js'
import type { Delivery, ListDeliveriesInput } from './schemas.js'
import { signedHeaders } from './signing.js'

/** Events Folio never sends: its own webhook bookkeeping (a delivery must not cause deliveries). */
const OWN_PREFIX = 'webhook.'
const JITTER = 0.1
const MAX_ERROR_LENGTH = 500
/** How much of a receiver's answer the log keeps: enough to read why it refused. */
export const MAX_RESPONSE_LENGTH = 2000

export interface WebhooksDeps {
  db: Db
  settings: TenantSettingsReader
  outbound: Outbound
  sink: EventSink
  /** Seconds before each retry (config `WEBHOOK_RETRY_DELAYS`). */
  retryDelaysSeconds: readonly number[]
  /** Told which tenants' deliveries became due on this instance (the dispatcher sends them at once). */
  onDue?: (tenantIds: readonly string[]) => void
}

/** One attempt's result, before it is recorded. */
interface Sent {
  at: Date
  statusCode: number | null
  error: string | null
  /** The start of the receiver's answer; null when there was none. */
  response: string | null
  /** false when the tenant's webhook is off or lacks a URL or secret: retrying would not help. */
  retryable: boolean
}

/**
 * Webhook deliveries (docs/architecture.md "Webhooks"; docs/decisions/jobs-and-events.md "Webhooks
 * follow Standard Webhooks"): the outbox consumer that records one delivery per event of a tenant
 * whose webhook is on, the attempts the dispatcher makes (Standard Webhooks signing, through the
 * SSRF guard, retried on the schedule of `retryDelaysSeconds` with jitter, then failed), the delivery log,
 * redelivery and the test ping. The tenant's secret is read only to sign, and is never stored with
 * a delivery, logged or answered.
 */
export function createWebhooksService(deps: WebhooksDeps) {
  const { db, settings, outbound, sink, retryDelaysSeconds } = deps
  const onDue = (tenantIds: readonly string[]) => deps.onDue?.(tenantIds)
  /** Tenants the consumer recorded deliveries for in the transaction now committing. */
  let recorded = new Set<string>()
  const repository = createWebhooksRepository(db)
  const write = transactional(db, sink)

  /** The tenant's webhook target, or null unless it has a URL and a secret (and is on, if `mustBeOn`). */
  async function targetOf(tenantId: string, mustBeOn: boolean) {
    const { webhook } = await settings.get(tenantId)
    if ((mustBeOn && !webhook.enabled) || webhook.url === '' || !webhook.hasSecret) return null
    return webhook.url
  }

  async function send(tenantId: string, id: string, body: string, mustBeOn: boolean): Promise<Sent> {
    const at = new Date()
    let url: string | null
    let secret: string | null
    try {
      url = await targetOf(tenantId, mustBeOn)
      secret = url === null ? null : await settings.webhookSecret(tenantId)
    } catch {
      return {
        at,
        statusCode: null,
        error: 'The webhook secret could not be read.',
        response: null,
        retryable: true,
      }
    }
    if (url === null || secret === null) {
      return {
        at,
        statusCode: null,
        error: 'Webhooks are turned off for this tenant, or have no URL or secret.',
        response: null,
        retryable: false,
      }
    }
    try {
      const response = await outbound.post(url, body, signedHeaders(secret, id, at, body))
      const ok = response.status >= 200 && response.status < 300
      return {
        at,
        statusCode: response.status,
        error: ok ? null : `The receiver answered HTTP ${response.status}.`,
        response: response.body.slice(0, MAX_RESPONSE_LENGTH),
        retryable: true,
      }
    } catch (err) {
      const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err)
      return {
        at,
        statusCode: null,
        error: message.slice(0, MAX_ERROR_LENGTH),
        response: null,
        retryable: true,
      }
    }
  }

  const consumer: TransactionalConsumer = {
    name: 'webhooks',
    kind: 'transactional',
    afterCommit() {
      if (recorded.size > 0) onDue([...recorded])
      recorded = new Set()
    },
    async handle(tx, committed) {
      recorded = new Set()
      const candidates = (await eventsByTenant(tx, committed)).filter(
        (event) => !event.type.startsWith(OWN_PREFIX),
      )
      if (candidates.length === 0) return
      const inTx = createWebhooksRepository(tx)
      const tenants = await inTx.tenantsWithWebhook([...new Set(candidates.map((event) => event.tenantId))])
      recorded = tenants
      const now = new Date()
      await inTx.insertMany(
        candidates
          .filter((event) => tenants.has(event.tenantId))
          .map((event) => ({
            tenantId: event.tenantId,
            id: event.id,
            type: event.type,
            payload: bodyOf(event),
            status: 'pending' as const,
            nextAttemptAt: now,
            attemptKey: newId(),
          })),
      )
    },
  }

  return {
    consumer,

    /**
     * One attempt of a delivery the dispatcher claimed, then success, the next retry (due at its
     * time, under a new attempt key) or failure. An outcome whose attempt was replaced meanwhile (a
     * redelivery) is not recorded.
     */
    async attempt(delivery: DeliveryRow): Promise<void> {
      const attemptKey = delivery.attemptKey
      if (delivery.status !== 'pending' || attemptKey === null) return
      const sent = await send(delivery.tenantId, delivery.id, delivery.payload, true)
      const attempt = delivery.attempts + 1
      const ok = sent.error === null
      const retry = !ok && sent.retryable && attempt <= retryDelaysSeconds.length
      await repository.recordAttempt(delivery.tenantId, delivery.id, attemptKey, {
        status: ok ? 'succeeded' : retry ? 'pending' : 'failed',
        lastStatusCode: sent.statusCode,
        lastError: sent.error,
        lastResponse: sent.response,
        lastAttemptAt: sent.at,
        nextAttemptAt: retry ? retryAt(sent.at, attempt, retryDelaysSeconds) : null,
        attemptKey: retry ? newId() : null,
      })
    },

    /** `GET /api/webhooks/deliveries`: newest first, optionally by status. */
    async list(context: TenantContext, query: ListDeliveriesInput) {
      const { page, limit, offset } = pageOf(query)
      const { rows, total } = await repository.list(context.tenantId, { status: query.status }, offset, limit)
      return {
        deliveries: rows.map(toDelivery),
        pagination: paginate(page, limit, total),
      }
    },

    /** `GET /api/webhooks/deliveries/{id}` with the body sent and the last answer's. @throws NotFound. */
    async get(context: TenantContext, id: string) {
      const row = await repository.find(context.tenantId, id)
      if (row === undefined) throw errors.notFound('Webhook delivery')
      return {
        delivery: {
          ...toDelivery(row),
          payload: JSON.parse(row.payload) as SentBody,
          lastResponse: row.lastResponse,
        },
      }
    },

    /**
     * Sends a delivery again from its first attempt (same `webhook-id` and body, fresh signature),
     * through the dispatcher. @throws NotFound; Conflict when the tenant's webhook is off or lacks
     * a URL or secret.
     */
    async redeliver(context: TenantContext, id: string) {
      if ((await repository.find(context.tenantId, id)) === undefined)
        throw errors.notFound('Webhook delivery')
      if ((await targetOf(context.tenantId, true)) === null) throw notConfigured()
      const row = await write(context, async (tx, emit) => {
        const attemptKey = newId()
        const requeued = await createWebhooksRepository(tx).requeue(
          context.tenantId,
          id,
          attemptKey,
          new Date(),
        )
        if (requeued === undefined) throw errors.notFound('Webhook delivery')
        emit({ type: 'webhook.redelivered', subjectId: id, payload: { id, type: requeued.type } })
        return requeued
      })
      onDue([context.tenantId])
      return { delivery: toDelivery(row) }
    },

    /**
     * Sends a signed `webhook.test` ping now (also while the webhook is switched off, so it can be
     * tried before it is turned on) and logs it as a delivery without retries. @throws Conflict
     * when the tenant's webhook has no URL or secret.
     */
    async test(context: TenantContext) {
      if ((await targetOf(context.tenantId, false)) === null) throw notConfigured()
      const id = newId()
      const now = new Date()
      const body = JSON.stringify({
        type: 'webhook.test',
        timestamp: now.toISOString(),
        data: { tenantId: context.tenantId, message: 'A test ping from Folio.' },
      })
      const sent = await send(context.tenantId, id, body, false)
      const ok = sent.error === null
      const row = await write(context, async (tx, emit) => {
        const [inserted] = await createWebhooksRepository(tx).insertMany([
          {
            tenantId: context.tenantId,
            id,
            type: 'webhook.test',
            payload: body,
            status: ok ? 'succeeded' : 'failed',
            attempts: 1,
            lastStatusCode: sent.statusCode,
            lastError: sent.error,
            lastResponse: sent.response,
            lastAttemptAt: sent.at,
            createdAt: now,
            updatedAt: sent.at,
          },
        ])
        emit({
          type: 'webhook.tested',
          subjectId: id,
          payload: { id, status: ok ? 'succeeded' : 'failed', lastStatusCode: sent.statusCode },
        })
        return inserted as DeliveryRow
      })
      return { ok, delivery: toDelivery(row) }
    },
  }
}

export type WebhooksService = ReturnType<typeof createWebhooksService>

const notConfigured = () => errors.conflict('webhooks.notConfigured')

/**
 * When retry number `retry` (1-based) is due after an attempt at `from`: its delay in `delays`
 * (seconds) plus up to 10 % jitter, so receivers that failed together are not retried together.
 */
export function retryAt(from: Date, retry: number, delays: readonly number[], random = Math.random): Date {
  const delayMs = (delays[retry - 1] ?? 0) * 1000
  return new Date(from.getTime() + delayMs * (1 + random() * JITTER))
}

/** The JSON body of a delivery. */
interface SentBody {
  type: string
  timestamp: string
  data: Record<string, unknown>
}

/** The Standard Webhooks body: `{ type, timestamp, data }`, data being the event's payload with its subject id. */
function bodyOf(event: CommittedEvent): string {
  const data = event.subjectId ? { id: event.subjectId, ...event.payload } : event.payload
  const body: SentBody = { type: event.type, timestamp: event.createdAt.toISOString(), data }
  return JSON.stringify(body)
}

function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
