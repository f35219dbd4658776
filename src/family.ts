import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import type { Config } from './config.js'
import type { Database, Db } from './db/client.js'
import type { EventListener } from './events/bus.js'
import type { EventSink } from './events/event-log.js'
import type { EventConsumer } from './events/relay.js'
import type { JobHandler, JobHandlerOptions } from './jobs/runner.js'
import type { Outbound } from './lib/outbound.js'
import type { SecretBox } from './lib/secrets.js'
import type { WorkerPool } from './lib/worker-pool.js'
import type { Mailer } from './mail/mailer.js'
import type { Platform } from './platform.js'
import type { SharedStore } from './store/shared-store.js'

/**
 * What every family may use, built once before the families (docs/architecture.md "The composition
 * root"): configuration, the database, the shared store, the platform mailer, the platform (bus,
 * jobs, meter), the secret box, the SSRF-guarded outbound client and the worker threads.
 */
export interface Kernel {
  readonly config: Readonly<Config>
  readonly database: Database
  readonly db: Db
  readonly store: SharedStore
  readonly mailer: Mailer
  readonly platform: Platform
  /** The platform's event sink: a service's writes hand it their committed events. */
  readonly events: EventSink
  readonly secrets: SecretBox
  readonly outbound: Outbound
  /** Threads for CPU-heavy work on the request path (`lib/worker-pool.ts`), closed with the app. */
  readonly workers: WorkerPool
}

/** A route plugin with its options bound; `register` mounts it on the scope it is listed for. */
export interface RouteMount {
  register(app: FastifyInstance): Promise<void>
}

/**
 * Binds `plugin` to `options` (its `prefix` among them) for a manifest's route lists. The cast
 * erases only the type provider: every family plugin is a TypeBox plugin registered on the TypeBox
 * app.
 */
export function mount<Options extends object>(
  // biome-ignore lint/suspicious/noExplicitAny: a plugin of any type provider and server type
  plugin: FastifyPluginAsync<Options, any, any>,
  options: Options & { prefix?: string },
): RouteMount {
  return {
    async register(app) {
      await app.register(plugin as FastifyPluginAsync<Options>, options)
    },
  }
}

/** A queue a family works: its handler, retry options and, for sweeps, a cron schedule (UTC). */
export interface JobDefinition {
  readonly name: string
  readonly handler: JobHandler<object>
  readonly options?: JobHandlerOptions
  readonly every?: string
}

/** Declares a job with its payload type checked against the handler. */
export function job<T extends object>(
  name: string,
  handler: JobHandler<T>,
  options: JobHandlerOptions & { every?: string } = {},
): JobDefinition {
  const { every, ...handlerOptions } = options
  return { name, handler: handler as JobHandler<object>, options: handlerOptions, ...(every && { every }) }
}

/** Data a family keeps outside the database, removed with a purged tenant's rows. */
export interface PurgeCleanup {
  readonly name: string
  run(tenantId: string): Promise<void>
}

/**
 * A family's one public surface (docs/architecture.md "Anatomy of a family"): its services and
 * everything the composition root wires for it. Every list is optional.
 */
export interface Family<Services extends object = object> {
  readonly name: string
  /** Named services, merged into the application's service object (`app.folio.services`). */
  readonly services: Services
  /** Routes outside `/api` (health probes, redirects of mailed account links, media files). */
  readonly pages?: readonly RouteMount[]
  /** Routes under `/api`, behind the auth guard and the quota. */
  readonly adminRoutes?: readonly RouteMount[]
  /** Routes under `/api/public`, behind the public-route plugin. */
  readonly publicRoutes?: readonly FastifyPluginAsync[]
  readonly jobs?: readonly JobDefinition[]
  /** Durable consumers of the outbox, run by the relay after the built-in ones. */
  readonly consumers?: readonly EventConsumer[]
  /** In-memory reactions to committed events (by type prefix), on every instance. */
  readonly cacheListeners?: readonly { readonly prefix: string; readonly listener: EventListener }[]
  /**
   * Empties those in-memory caches when this instance may have missed other instances' events (its
   * subscription to them was lost and is back).
   */
  readonly cacheResync?: () => void
  readonly purgeCleanups?: readonly PurgeCleanup[]
  /** After the platform started (Fastify `onReady`). */
  readonly onReady?: () => Promise<void>
  /** Before the platform stops (Fastify `onClose`), in reverse family order. */
  readonly onClose?: () => Promise<void>
}
