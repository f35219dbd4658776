import { type TenantContext, userIdOf } from '../../context.js'
import type { Db } from '../../db/client.js'
import { isUniqueViolation, pgErrorOf, uniqueConflict } from '../../db/errors.js'
import { writeWithFreeSlug } from '../../db/slugs.js'
import { errors } from '../../errors.js'
import { dbOf, type Emit, type EventSink, transactional } from '../../events/event-log.js'
import { catalogPhrase, phrase } from '../../i18n/index.js'
import { newId } from '../../lib/ids.js'
import { pageOf, paginate } from '../../lib/paging.js'
import { requiredSlug, toSlug } from '../../lib/slug.js'
import { type HtmlSanitizer, visibleStatuses } from '../contents/index.js'
import type { TenantSettingsReader } from '../tenant-settings/index.js'
import type { CollectionDefinitionsService } from './definitions-service.js'
import { toEntry } from './entry-view.js'
import { filterToWhere, sortToOrders } from './query/list-params.js'
import { tenantMediaIds } from './query/query-sql.js'
import type { EntryReader } from './reader.js'
import { type CollectionRow, createCollectionsRepository, type EntryRow } from './repository.js'
import type { CreateEntryInput, Entry, UpdateEntryInput } from './schemas.js'
import { mergeTranslations } from './translations.js'
import { type EntryInput, normalizeEntry, referencesOf, searchValuesOf } from './values.js'

/** The unique index of an entry's slug within its collection. */
const SLUG_KEY = 'collection_entries_tenant_collection_slug_key'
/** The unique index of unique fields' normalized values within a collection. */
const UNIQUE_VALUES_KEY = 'collection_entry_values_unique_key'

export interface ListEntriesInput {
  page?: number | undefined
  limit?: number | undefined
  status?: string | undefined
  q?: string | undefined
  sort?: string | undefined
  filter?: string | undefined
}

/**
 * Entries of typed collections: data validated and normalized by field type, refs and media checked
 * to be this tenant's, required fields enforced by the database (a trigger, SQLSTATE 23502) and
 * unique fields by the unique index of `collection_entry_values`; localized fields' values of the
 * tenant's other locales in `translations` (docs/decisions/content.md "Localized fields"). Writes
 * emit `collection-entry.*`.
 */
export function createCollectionEntriesService(deps: {
  db: Db
  events: EventSink
  definitions: CollectionDefinitionsService
  reader: EntryReader
  /** The content sanitizer, for rich-text fields. */
  html: HtmlSanitizer
  /** The tenant's locales, which translations are checked against. */
  settings: TenantSettingsReader
}) {
  const write = transactional(deps.db, deps.events)
  const { definitions, reader } = deps

  async function writable(context: TenantContext, key: string, tx: Db): Promise<CollectionRow> {
    const collection = await definitions.load(context, key, tx)
    if (collection.status !== 'active') {
      throw errors.conflict(phrase('collections.archived', { key }))
    }
    return collection
  }

  /**
   * `input` normalized before the write's transaction opens (its rich text is sanitized on a
   * worker thread, which no transaction should wait for), by the fields as read then; `again`
   * gives it for the fields the transaction reads, normalizing once more only when they changed
   * meanwhile.
   */
  async function prepared(context: TenantContext, key: string, input: EntryInput) {
    const db = dbOf(context, deps.db)
    const before = await writable(context, key, db)
    const locales = (await deps.settings.get(context.tenantId, context.unitOfWork?.tx)).locales
    const normalized = await normalizeEntry(before.fields, input, locales, deps.html)
    const fieldsBefore = JSON.stringify(before.fields)
    return {
      again: async (collection: CollectionRow) =>
        JSON.stringify(collection.fields) === fieldsBefore
          ? normalized
          : normalizeEntry(collection.fields, input, locales, deps.html),
    }
  }

  return {
    /**
     * `GET /api/collections/{key}/entries`: any status unless `status` is given; an API token
     * without the preview scope sees published entries only (`visibleStatuses`).
     */
    async list(context: TenantContext, key: string, query: ListEntriesInput) {
      const collection = await definitions.load(context, key)
      const statuses = visibleStatuses(context, query.status === undefined ? undefined : [query.status])
      const { where, paths } = filterToWhere(query.filter)
      const { page, limit } = pageOf(query)
      const result = await reader.read(
        context.tenantId,
        collection,
        { where, orderBy: sortToOrders(query.sort), limit, page },
        {
          statuses,
          defaultLimit: 20,
          search: query.q,
          wherePaths: paths,
        },
      )
      return { entries: result.items as Entry[], pagination: paginate(page, limit, result.total) }
    },

    /** One entry; NotFound also for one the reader may not see (`visibleStatuses`). */
    async get(context: TenantContext, key: string, id: string): Promise<Entry> {
      const collection = await definitions.load(context, key)
      const row = await createCollectionsRepository(deps.db).findEntry(context.tenantId, collection.id, id)
      if (row === undefined || visibleStatuses(context, [row.status])?.length === 0) {
        throw errors.notFound('Entry')
      }
      return toEntry(row, collection)
    },

    /** @throws ValidationFailed (data, refs, required), SlugConflict, UniqueFieldViolation, Conflict (archived). */
    async create(context: TenantContext, key: string, input: CreateEntryInput): Promise<Entry> {
      const normalized = await prepared(context, key, input)
      return write(context, async (tx, emit) => {
        const collection = await writable(context, key, tx)
        const given = await normalized.again(collection)
        const data = withoutNulls(given.data ?? {})
        const translations = mergeTranslations({}, given.translations, collection.fields)
        await checkReferences(tx, context.tenantId, collection, data)
        const repository = createCollectionsRepository(tx)
        const id = newId()
        const status = input.status ?? 'draft'
        const slugSource = collection.slugField === null ? undefined : data[collection.slugField]
        const wanted =
          input.slug === undefined
            ? toSlug(typeof slugSource === 'string' ? slugSource : '') || id
            : requiredSlug(input.slug, 'slug')
        const values = {
          id,
          collectionId: collection.id,
          status,
          data,
          translations,
          publishedAt: status === 'published' ? new Date() : null,
          createdBy: userIdOf(context),
          updatedBy: userIdOf(context),
        }
        const row = await writeWithFreeSlug(
          {
            slug: wanted,
            explicit: input.slug !== undefined,
            key: SLUG_KEY,
            lookup: () => repository.slugs(context.tenantId, collection.id),
          },
          (slug) => guarded(() => repository.insertEntry(context.tenantId, { ...values, slug })),
        )
        await writeValues(tx, context.tenantId, collection, row)
        return emitted(emit, 'created', toEntry(row, collection))
      })
    },

    /**
     * `data` is merged over the stored data, `translations` over the stored ones per locale; a
     * status change to or from published is an event of its own.
     */
    async update(context: TenantContext, key: string, id: string, input: UpdateEntryInput): Promise<Entry> {
      const normalized =
        input.data === undefined && input.translations === undefined
          ? undefined
          : await prepared(context, key, input)
      return write(context, async (tx, emit) => {
        const collection = await writable(context, key, tx)
        const repository = createCollectionsRepository(tx)
        const current = await repository.findEntry(context.tenantId, collection.id, id)
        if (current === undefined) throw errors.notFound('Entry')
        const given = normalized === undefined ? {} : await normalized.again(collection)
        const changes = given.data ?? {}
        const declared = new Set(collection.fields.map((field) => field.key))
        const kept = Object.fromEntries(
          Object.entries(current.data).filter(([fieldKey]) => declared.has(fieldKey)),
        )
        const data = withoutNulls({ ...kept, ...changes })
        const translations = mergeTranslations(current.translations, given.translations, collection.fields)
        await checkReferences(tx, context.tenantId, collection, changes)
        const status = input.status ?? current.status
        const slug = input.slug === undefined ? current.slug : requiredSlug(input.slug, 'slug')
        const row = await guarded(() =>
          repository.updateEntry(context.tenantId, collection.id, id, {
            slug,
            status,
            data,
            translations,
            publishedAt: status === 'published' ? (current.publishedAt ?? new Date()) : current.publishedAt,
            updatedBy: userIdOf(context),
          }),
        ).catch((err: unknown) => {
          throw uniqueConflict(err, { [SLUG_KEY]: () => errors.slugConflict(slug) })
        })
        if (row === undefined) throw errors.notFound('Entry')
        await writeValues(tx, context.tenantId, collection, row)
        const was = current.status === 'published'
        const is = status === 'published'
        const type = was === is ? 'updated' : is ? 'published' : 'unpublished'
        return emitted(emit, type, toEntry(row, collection), Object.keys(input))
      })
    },

    async remove(context: TenantContext, key: string, id: string): Promise<void> {
      await write(context, async (tx, emit) => {
        const collection = await writable(context, key, tx)
        const row = await createCollectionsRepository(tx).deleteEntry(context.tenantId, collection.id, id)
        if (row === undefined) throw errors.notFound('Entry')
        emitted(emit, 'deleted', toEntry(row, collection))
      })
    },
  }
}

export type CollectionEntriesService = ReturnType<typeof createCollectionEntriesService>

/**
 * Emits `collection-entry.<verb>` for `entry` with its facts (src/events/catalog.ts), never its
 * data; an update names the request members it was given (`changed`).
 */
function emitted(emit: Emit, verb: EntryVerb, entry: Entry, changed: string[] = []): Entry {
  const facts = { id: entry.id, collectionKey: entry.collectionKey, slug: entry.slug, status: entry.status }
  if (verb === 'created' || verb === 'deleted') {
    emit({ type: `collection-entry.${verb}`, subjectId: entry.id, payload: facts })
  } else {
    emit({ type: `collection-entry.${verb}`, subjectId: entry.id, payload: { ...facts, changed } })
  }
  return entry
}

type EntryVerb = 'created' | 'updated' | 'published' | 'unpublished' | 'deleted'

function withoutNulls(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null))
}

/** Turns the required-fields trigger's refusal (23502, the field in COLUMN) into a 400 naming it. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (pgErrorOf(err)?.code !== '23502') throw err
    const field = columnOf(err) ?? 'a required field'
    const message = catalogPhrase('validation.required')
    throw errors.validation(phrase('common.memberSentence', { member: `/data/${field}`, problem: message }), [
      { path: `/data/${field}`, message },
    ])
  }
}

function columnOf(err: unknown): string | undefined {
  let current: unknown = err
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const column = (current as { column?: unknown }).column
    if (typeof column === 'string') return column
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * Refs must be entries of their field's target collection in this tenant; media this tenant's.
 * @throws ValidationFailed naming the first field with an unknown id.
 */
async function checkReferences(
  db: Db,
  tenantId: string,
  collection: CollectionRow,
  data: Record<string, unknown>,
) {
  const { refs, media } = referencesOf(collection.fields, data)
  const repository = createCollectionsRepository(db)
  const targets = await repository.findCollections(tenantId, [...refs.keys()])
  const known = new Set<string>(await tenantMediaIds(db, tenantId, [...media]))
  for (const [targetKey, ids] of refs) {
    const target = targets.find((row) => row.key === targetKey)
    const found =
      target === undefined
        ? new Set<string>()
        : await repository.existingEntryIds(tenantId, target.id, [...ids])
    for (const id of found) known.add(`${targetKey}:${id}`)
  }
  for (const field of collection.fields) {
    if (field.type !== 'ref' && field.type !== 'media') continue
    const ids = [data[field.key] ?? []].flat() as string[]
    const missing = ids.find((id) => !known.has(field.type === 'media' ? id : `${field.ref}:${id}`))
    if (missing !== undefined) {
      const message =
        field.type === 'media'
          ? phrase('collections.noMedia', { id: missing })
          : phrase('collections.noEntry', { id: missing, collection: field.ref ?? '' })
      throw errors.validation(
        phrase('common.pathSentence', { path: `/data/${field.key}`, problem: message }),
        [{ path: `/data/${field.key}`, message }],
      )
    }
  }
}

/**
 * Writes the entry's search values in a savepoint, so a unique violation can be named: the field
 * whose normalized value another entry of the collection already holds.
 */
async function writeValues(tx: Db, tenantId: string, collection: CollectionRow, row: EntryRow) {
  const values = searchValuesOf(collection.fields, row.data, row.translations)
  try {
    await tx.transaction((savepoint) =>
      createCollectionsRepository(savepoint as unknown as Db).replaceValues(
        tenantId,
        collection.id,
        row.id,
        values,
      ),
    )
  } catch (err) {
    if (!isUniqueViolation(err, UNIQUE_VALUES_KEY)) throw err
    const field = await createCollectionsRepository(tx).takenUniqueField(
      tenantId,
      collection.id,
      row.id,
      values,
    )
    throw errors.uniqueFieldViolation(field ?? 'a unique field')
  }
}
