import type { Config } from './config.js'
import type { Database } from './db/client.js'
import { createEventBus } from './events/bus.js'
import { createOutboxRelay, type EventConsumer } from './events/relay.js'
import { pruneOutbox } from './events/retention.js'
import { job } from './family.js'
import { createJobRunner } from './jobs/runner.js'
import { createMeter, createUsageRepository } from './modules/quotas/index.js'
import { createDeliveryCache } from './store/delivery-cache.js'
import type { SharedStore } from './store/shared-store.js'

/** The daily job removing relayed outbox events past `OUTBOX_RETENTION_DAYS`. */
export const OUTBOX_RETENTION_JOB = 'outbox.retention'

export interface PlatformOptions {
  config: Readonly<Config>
  database: Database
  store: SharedStore
  /** pg-boss's schema (default `pgboss`); tests sharing one PostgreSQL give each app its own. */
  jobsSchema?: string | undefined
  /** How often an idle job worker polls (seconds, ≥ 0.5; default 1): tests wait less for jobs. */
  jobsPollingIntervalSeconds?: number | undefined
  onError?: (err: unknown) => void
}

/**
 * The mechanisms every family shares (docs/architecture.md "The composition root"): the event bus
 * (this instance's caches hear commits at once), the outbox relay with its durable consumers (the
 * families' join before the cross-instance broadcast), the job runner and the request meter. `start` begins polling and working; the command-line importer builds services on the same
 * bus without starting anything, so its events wait in the outbox for the next running server.
 */
export function createPlatform(options: PlatformOptions) {
  const { database, store } = options
  const db = database.db
  const consumers: EventConsumer[] = []
  const reportError = (err: unknown) => options.onError?.(err)
  const relay = createOutboxRelay({
    db,
    consumers,
    onError: reportError,
    onGiveUp: ({ consumer, eventIds, outcome }) =>
      reportError(
        new Error(
          outcome === 'dead'
            ? `The ${consumer} consumer gave up on event ${eventIds.join(', ')}: kept as a dead letter (docs/decisions/jobs-and-events.md "Dead letters").`
            : `The ${consumer} consumer dropped ${eventIds.length} events older than its horizon.`,
        ),
      ),
  })
  // Only a started instance relays: the command-line importer leaves its events to the server.
  let relaying = false
  const bus = createEventBus(
    store,
    () => {
      if (relaying) relay.wakeSoon()
    },
    (err) => options.onError?.(err),
  )
  consumers.push(bus.broadcast)
  const jobs = createJobRunner({
    database,
    schema: options.jobsSchema,
    pollingIntervalSeconds: options.jobsPollingIntervalSeconds ?? 1,
    onError: (err) => options.onError?.(err),
  })
  const usage = createUsageRepository(db)
  // Counts live in this instance's memory until folded, so folding is a timer here, not a job.
  const meter = options.config.metering
    ? createMeter({
        usage,
        redis: store.redis,
        prefix: store.prefix,
        onError: (err) => options.onError?.(err),
      })
    : undefined

  const deliveryCache = createDeliveryCache({
    bus,
    store,
    maxBytes: options.config.deliveryCacheMaxBytes,
    onError: (err) => options.onError?.(err),
  })

  return {
    /** Logs a failure of background work (nothing waits for it). */
    reportError,
    bus,
    /** Public answers kept between the writes they depend on (docs/decisions/delivery.md "The delivery cache"). */
    deliveryCache,
    relay,
    jobs,
    /** The platform's own queues, registered with the families' (`wireFamilies`). */
    ownJobs: [
      job(
        OUTBOX_RETENTION_JOB,
        async () => {
          await pruneOutbox(db, options.config.outboxRetentionDays)
        },
        { every: '23 3 * * *' },
      ),
    ],
    /** Hourly request counts in the database. */
    usage,
    /** The request meter (docs/architecture.md "Metering and quotas"); undefined when `METERING=off`. */
    meter,
    /** Adds a durable consumer of events (call before `start`). */
    consume(consumer: EventConsumer) {
      consumers.push(consumer)
    },
    async start() {
      await jobs.start()
      meter?.start()
      if (!options.config.outboxRelay) return
      relaying = true
      relay.start()
      await relay.wake()
    },
    async stop() {
      relaying = false
      await relay.stop()
      await meter?.stop().catch((err: unknown) => options.onError?.(err))
      await jobs.stop()
    },
  }
}

export type Platform = ReturnType<typeof createPlatform>
