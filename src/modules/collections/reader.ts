import type { Database } from '../../db/client.js'
import { pgErrorOf } from '../../db/errors.js'
import { AppError } from '../../errors.js'
import type { ListTotals } from '../../events/list-totals.js'
import { type Phrase, phrase } from '../../i18n/index.js'
import type { CollectionDefinitionsCache } from './definitions-cache.js'
import { project, relationKeys, resolveRelations, toEntry, toPublicEntry } from './entry-view.js'
import { compileQuery, type Order, type QueryInput } from './query/compile.js'
import { countPlan, pageOfPlan, type Scope } from './query/query-sql.js'
import type { CollectionRow } from './repository.js'
import { OWN_VALUES } from './translations.js'

export interface ReadOptions {
  /** Entry statuses to include (public reads: published only); undefined = all. */
  statuses: string[] | undefined
  defaultLimit: number
  /** `q`: literal text looked for in the slug and the string fields. */
  search?: string | undefined
  /** The client's names of the `where` conditions (list routes' `/filter/<field>/<op>`). */
  wherePaths?: string[] | undefined
  /**
   * Public reads: the reader's storage chain (`storageChain`), in which localized fields are shown,
   * filtered, sorted and searched, and items are public entries. Undefined (admin reads): the
   * entries' own values, and items are entries with their translations.
   */
  chain?: readonly string[] | undefined
}

/**
 * Runs collection reads (admin lists, public lists, the public query DSL) with every statement
 * bounded by `timeoutMs`: compile against the (cached) definitions, fetch the page, resolve
 * relations, project. The total comes from `totals` (counted once per filter between writes), so
 * a read of a known filter is one statement, relations included.
 */
export function createEntryReader(deps: {
  bounded: Database['bounded']
  timeoutMs: number
  definitions: CollectionDefinitionsCache
  totals: ListTotals
}) {
  return {
    /**
     * One page of `collection`'s entries matching `input`, and the number of all matching.
     * Items are entries, or rows keyed by the selected paths when `input.select` is given.
     * @throws ValidationFailed naming the offending part; QueryTimeout (400) past the timeout.
     */
    async read(tenantId: string, collection: CollectionRow, input: QueryInput, options: ReadOptions) {
      const subject = await deps.definitions.subjectOf(tenantId, collection)
      const plan = renamed(options.wherePaths, () =>
        compileQuery(subject, input, { limit: options.defaultLimit }),
      )
      const orders: Order[] =
        plan.orders.length > 0
          ? plan.orders
          : compileQuery(
              subject,
              { orderBy: [[collection.defaultSortField, collection.defaultSortDir]] },
              { limit: 1 },
            ).orders
      const strings = collection.fields.filter((field) => field.type === 'string')
      const localized = collection.fields.some((field) => field.localized === true)
      const scope: Scope = {
        tenantId,
        collectionId: collection.id,
        statuses: options.statuses,
        search:
          options.search === undefined
            ? undefined
            : {
                text: options.search,
                fields: strings.map((field) => field.key),
                localized: strings.filter((field) => field.localized === true).map((field) => field.key),
              },
        locales: options.chain ?? [OWN_VALUES],
      }
      try {
        return await deps.bounded(deps.timeoutMs, async (_db, run) => {
          // Localized fields match per locale; other collections share one total between locales.
          const totalKey = JSON.stringify([
            collection.id,
            scope.statuses,
            scope.search,
            plan.conditions,
            ...(localized ? [scope.locales] : []),
          ])
          const keys = relationKeys(collection.fields, plan.resolve)
          const [page, total] = await Promise.all([
            pageOfPlan(run, scope, plan, orders, keys),
            deps.totals.get(tenantId, totalKey, () => countPlan(run, scope, plan)),
          ])
          const chain = options.chain
          const entries = resolveRelations(
            collection.fields,
            page.entries.map((row) =>
              chain === undefined ? toEntry(row, collection) : toPublicEntry(row, collection, chain),
            ),
            page,
            keys,
            subject.targetFields,
            chain,
          )
          const items =
            plan.select === null ? entries : entries.map((entry) => project(entry, plan.select ?? []))
          return { items, total, limit: plan.limit, offset: plan.offset }
        })
      } catch (err) {
        if (pgErrorOf(err)?.code === '57014') {
          throw new AppError(
            'QueryTimeout',
            phrase('collections.queryTimeout', { milliseconds: deps.timeoutMs }),
          )
        }
        throw err
      }
    },
  }
}

export type EntryReader = ReturnType<typeof createEntryReader>

/** Runs `compile`, naming a rejected `where` condition by the client's own path when given. */
function renamed<T>(paths: string[] | undefined, compile: () => T): T {
  try {
    return compile()
  } catch (err) {
    const detail =
      err instanceof AppError ? (err.extra.details as { path: string; message: Phrase }[])?.[0] : undefined
    const match =
      detail === undefined || paths === undefined ? null : /^\/where\/(\d+)(\/.*)?$/.exec(detail.path)
    const path = match === null || paths === undefined ? undefined : paths[Number(match[1])]
    if (path === undefined || detail === undefined) throw err
    throw new AppError('ValidationFailed', phrase('common.pathSentence', { path, problem: detail.message }), {
      details: [{ path, message: detail.message }],
    })
  }
}
