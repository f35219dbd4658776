import { type TenantContext, userIdOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import type { StoredField } from '../../db/schema/index.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { phrase } from '../../i18n/index.js'
import { newId } from '../../lib/ids.js'
import { pageOf, paginate } from '../../lib/paging.js'
import { checkFields, localeMapProblem, storedField, valueColumnOf } from './fields.js'
import { BUILTIN_COLUMNS } from './query/compile.js'
import { type CollectionRow, createCollectionsRepository } from './repository.js'
import type {
  Collection,
  CreateCollectionInput,
  ListCollectionsQuery,
  UpdateCollectionInput,
} from './schemas.js'

/**
 * Typed collection definitions (docs/decisions/content.md "Typed collections"): a key, localized
 * name and description, up to 50 typed fields, a slug field, a default sort and a status. Writes
 * emit `collection.*` events.
 */
export function createCollectionDefinitionsService(deps: { db: Db; events: EventSink }) {
  const repository = createCollectionsRepository(deps.db)
  const write = transactional(deps.db, deps.events)

  /** The collection, or 404 (another tenant's key answers the same). */
  async function load(context: TenantContext, key: string, db: Db = deps.db): Promise<CollectionRow> {
    const row = await createCollectionsRepository(db).findCollection(context.tenantId, key)
    if (row === undefined) throw errors.notFound('Collection')
    return row
  }

  return {
    load,

    /** `GET /api/collections`: by key, optionally of one status. */
    async list(context: TenantContext, query: ListCollectionsQuery) {
      const { page, limit, offset } = pageOf(query)
      const { rows, total } = await repository.listCollections(context.tenantId, query.status, offset, limit)
      return { collections: rows.map(toCollection), pagination: paginate(page, limit, total) }
    },

    async get(context: TenantContext, key: string): Promise<Collection> {
      return toCollection(await load(context, key))
    },

    /** @throws ValidationFailed (fields, slugField, defaultSort, ref targets), Conflict (key taken). */
    async create(context: TenantContext, input: CreateCollectionInput): Promise<Collection> {
      const fields = input.fields.map(storedField)
      return write(context, async (tx, emit) => {
        await checkDefinition(tx, context.tenantId, input.key, {
          name: input.name,
          description: input.description ?? {},
          fields,
          slugField: input.slugField ?? null,
          defaultSort: input.defaultSort,
        })
        const userId = userIdOf(context)
        const row = await createCollectionsRepository(tx).insertCollection(context.tenantId, {
          id: newId(),
          key: input.key,
          name: input.name,
          description: input.description ?? {},
          fields,
          requiredFields: fields.filter((field) => field.required).map((field) => field.key),
          slugField: input.slugField ?? null,
          defaultSortField: input.defaultSort?.field ?? 'createdAt',
          defaultSortDir: input.defaultSort?.dir ?? 'desc',
          status: input.status ?? 'active',
          createdBy: userId,
          updatedBy: userId,
        })
        if (row === undefined) throw errors.conflict(phrase('collections.keyInUse', { key: input.key }))
        const collection = toCollection(row)
        emit({ type: 'collection.created', subjectId: collection.id, payload: collectionFacts(collection) })
        return collection
      })
    },

    /** Members given replace the stored ones; removed fields' search values are dropped. */
    async update(context: TenantContext, key: string, input: UpdateCollectionInput): Promise<Collection> {
      return write(context, async (tx, emit) => {
        const current = await load(context, key, tx)
        const fields = input.fields?.map(storedField) ?? current.fields
        if (input.fields !== undefined) checkFields(fields, current.fields)
        const slugField = input.slugField === undefined ? current.slugField : input.slugField
        const defaultSort = input.defaultSort ?? {
          field: current.defaultSortField,
          dir: current.defaultSortDir,
        }
        await checkDefinition(tx, context.tenantId, key, {
          name: input.name ?? current.name,
          description: input.description ?? current.description,
          fields,
          slugField,
          defaultSort,
        })
        const repository = createCollectionsRepository(tx)
        const kept = new Set(fields.map((field) => field.key))
        const removed = current.fields.map((field) => field.key).filter((fieldKey) => !kept.has(fieldKey))
        await repository.deleteFieldValues(context.tenantId, current.id, removed)
        const row = await repository.updateCollection(context.tenantId, current.id, {
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.description === undefined ? {} : { description: input.description }),
          fields,
          requiredFields: fields.filter((field) => field.required).map((field) => field.key),
          slugField,
          defaultSortField: defaultSort.field,
          defaultSortDir: defaultSort.dir,
          ...(input.status === undefined ? {} : { status: input.status }),
          updatedBy: userIdOf(context),
        })
        if (row === undefined) throw errors.notFound('Collection')
        const collection = toCollection(row)
        emit({
          type: 'collection.updated',
          subjectId: collection.id,
          payload: { ...collectionFacts(collection), changed: Object.keys(input) },
        })
        return collection
      })
    },

    /** Deletes an archived collection with all its entries. @throws Conflict while it is active. */
    async remove(context: TenantContext, key: string): Promise<void> {
      await write(context, async (tx, emit) => {
        const current = await load(context, key, tx)
        if (current.status !== 'archived') {
          throw errors.conflict(phrase('collections.archiveFirst', { key }))
        }
        if (!(await createCollectionsRepository(tx).deleteCollection(context.tenantId, current.id))) {
          throw errors.notFound('Collection')
        }
        emit({
          type: 'collection.deleted',
          subjectId: current.id,
          payload: collectionFacts(toCollection(current)),
        })
      })
    },
  }
}

export type CollectionDefinitionsService = ReturnType<typeof createCollectionDefinitionsService>

/** Checks what needs other rows or several members: locale maps, slug field, sort, ref targets. */
async function checkDefinition(
  db: Db,
  tenantId: string,
  key: string,
  definition: {
    name: Record<string, string>
    description: Record<string, string>
    fields: StoredField[]
    slugField: string | null
    defaultSort: { field: string; dir: string } | undefined
  },
): Promise<void> {
  const problems = [
    localeMapProblem(definition.name, '/name', true),
    localeMapProblem(definition.description, '/description', false),
  ].filter((problem) => problem !== undefined)
  if (problems[0] !== undefined) {
    throw errors.validation(
      phrase('common.memberSentence', { member: problems[0].path, problem: problems[0].message }),
      problems,
    )
  }
  checkFields(definition.fields)
  const byKey = new Map(definition.fields.map((field) => [field.key, field]))
  if (definition.slugField !== null && byKey.get(definition.slugField)?.type !== 'string') {
    const message = phrase('collections.slugFieldString')
    throw errors.validation(phrase('common.memberSentence', { member: '/slugField', problem: message }), [
      { path: '/slugField', message },
    ])
  }
  const sortField = definition.defaultSort?.field
  if (sortField !== undefined && !(BUILTIN_COLUMNS as readonly string[]).includes(sortField)) {
    const field = byKey.get(sortField)
    if (field === undefined || valueColumnOf(field) === null || field.multiple) {
      const message = phrase('collections.defaultSortField')
      throw errors.validation(
        phrase('common.memberSentence', { member: '/defaultSort/field', problem: message }),
        [{ path: '/defaultSort/field', message }],
      )
    }
  }
  const targets = [
    ...new Set(
      definition.fields.flatMap((field) => (field.ref === undefined || field.ref === key ? [] : [field.ref])),
    ),
  ]
  const found = new Set(
    (await createCollectionsRepository(db).findCollections(tenantId, targets)).map((row) => row.key),
  )
  const index = definition.fields.findIndex(
    (field) => field.ref !== undefined && field.ref !== key && !found.has(field.ref),
  )
  if (index >= 0) {
    const message = phrase('collections.unknownRef')
    throw errors.validation(
      phrase('common.memberSentence', { member: `/fields/${index}/ref`, problem: message }),
      [{ path: `/fields/${index}/ref`, message }],
    )
  }
}

export function toCollection(row: CollectionRow): Collection {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    fields: row.fields as unknown as Collection['fields'],
    slugField: row.slugField,
    defaultSort: { field: row.defaultSortField, dir: row.defaultSortDir },
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The facts a collection event carries (src/events/catalog.ts): the name in its first language. */
function collectionFacts(collection: Collection) {
  const name = Object.values(collection.name)[0] ?? collection.key
  return { id: collection.id, key: collection.key, name, status: collection.status }
}
