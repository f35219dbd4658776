import type { Db } from '../../db/client.js'
import { pgErrorOf } from '../../db/errors.js'
import type { StoredField } from '../../db/schema/index.js'
import { AppError } from '../../errors.js'
import { project, resolveRelations, toEntry } from './entry-view.js'
import { compileQuery, type Order, type QueryInput, type QuerySubject } from './query/compile.js'
import { runPlan, type Scope, withStatementTimeout } from './query/query-sql.js'
import { type CollectionRow, createCollectionsRepository } from './repository.js'

export interface ReadOptions {
  /** Entry statuses to include (public reads: published only); undefined = all. */
  statuses: string[] | undefined
  defaultLimit: number
  /** `q`: literal text looked for in the slug and the string fields. */
  search?: string | undefined
  /** The client's names of the `where` conditions (list routes' `/filter/<field>/<op>`). */
  wherePaths?: string[] | undefined
}

/**
 * Runs collection reads (admin lists, public lists, the public query DSL) under one statement
 * timeout: compile against the definition, query, resolve relations, project.
 */
export function createEntryReader(deps: { db: Db; timeoutMs: number }) {
  /** The definitions a query of `collection` may name: its own fields and its ref targets'. */
  async function subjectOf(tenantId: string, collection: CollectionRow): Promise<QuerySubject> {
    const targetKeys = [...new Set(collection.fields.flatMap((field) => (field.ref ? [field.ref] : [])))]
    const rows = await createCollectionsRepository(deps.db).findCollections(tenantId, targetKeys)
    const targets = new Map<string, StoredField[]>(rows.map((row) => [row.key, row.fields]))
    targets.set(collection.key, collection.fields)
    return { fields: collection.fields, targetFields: (key) => targets.get(key) }
  }

  return {
    /**
     * One page of `collection`'s entries matching `input`, and the number of all matching.
     * Items are entries, or rows keyed by the selected paths when `input.select` is given.
     * @throws ValidationFailed naming the offending part; QueryTimeout (400) past the timeout.
     */
    async read(tenantId: string, collection: CollectionRow, input: QueryInput, options: ReadOptions) {
      const subject = await subjectOf(tenantId, collection)
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
      const scope: Scope = {
        tenantId,
        collectionId: collection.id,
        statuses: options.statuses,
        search:
          options.search === undefined
            ? undefined
            : {
                text: options.search,
                fields: collection.fields
                  .filter((field) => field.type === 'string')
                  .map((field) => field.key),
              },
      }
      try {
        return await withStatementTimeout(deps.db, deps.timeoutMs, async (tx) => {
          const { rows, total } = await runPlan(tx, scope, plan, orders)
          const entries = await resolveRelations(
            tx,
            tenantId,
            collection.fields,
            rows.map((row) => toEntry(row, collection)),
            plan.resolve,
            subject.targetFields,
          )
          const items =
            plan.select === null ? entries : entries.map((entry) => project(entry, plan.select ?? []))
          return { items, total, limit: plan.limit, offset: plan.offset }
        })
      } catch (err) {
        if (pgErrorOf(err)?.code === '57014') {
          throw new AppError(
            'QueryTimeout',
            `The query ran longer than ${deps.timeoutMs} ms and was stopped; narrow it (fewer or more selective conditions, a smaller limit).`,
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
      err instanceof AppError ? (err.extra.details as { path: string; message: string }[])?.[0] : undefined
    const match =
      detail === undefined || paths === undefined ? null : /^\/where\/(\d+)(\/.*)?$/.exec(detail.path)
    const path = match === null || paths === undefined ? undefined : paths[Number(match[1])]
    if (path === undefined || detail === undefined) throw err
    throw new AppError('ValidationFailed', `${path}: ${detail.message}.`, {
      details: [{ path, message: detail.message }],
    })
  }
}
