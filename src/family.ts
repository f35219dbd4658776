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
  /**
   * When the app begins to close (Fastify `preClose`), before the server waits for its connections
   * to end: ends long-lived answers (change streams), which would otherwise hold the close.
   */
  readonly beforeClose?: () => Promise<void>
  /** Before the platform stops (Fastify `onClose`), in reverse family order. */
  readonly onClose?: () => Promise<void>
}

/**
 * Builds the families in dependency order (docs/architecture.md "The composition root"): each
 * `add(build)` builds one family from the kernel and the services of the families added before it,
 * and merges its services by name. A service name two families give fails at once, naming both
 * (an object spread would let the later one silently win), as does a family name given twice.
 */
export interface FamilyAssembly<Services extends object> {
  add<F extends Family>(
    build: (kernel: Kernel, services: Services) => F,
  ): FamilyAssembly<Services & F['services']>
  /** The families in the order they were added. */
  readonly families: readonly Family[]
  /** Every family's services, with `base`'s. */
  readonly services: Services
}

/** Starts a `FamilyAssembly` whose services begin with `base` (what the kernel itself offers). */
export function assembleFamilies<Base extends object>(kernel: Kernel, base: Base): FamilyAssembly<Base> {
  const families: Family[] = []
  const services: Record<string, unknown> = {}
  const owners = new Map<string, string>()
  const merge = (owner: string, entries: object) => {
    for (const [name, service] of Object.entries(entries)) {
      const first = owners.get(name)
      if (first !== undefined)
        throw new Error(`The service "${name}" is declared by both ${first} and ${owner}.`)
      owners.set(name, owner)
      services[name] = service
    }
  }
  merge('the kernel', base)
  const assembly: FamilyAssembly<object> = {
    families,
    services,
    add(build) {
      const family = build(kernel, services)
      if (families.some((other) => other.name === family.name)) {
        throw new Error(`Two families are named "${family.name}".`)
      }
      merge(`the family "${family.name}"`, family.services)
      families.push(family)
      return assembly
    },
  }
  return assembly as FamilyAssembly<Base>
}
