import type { Db } from '../../db/client.js'
import type { StoredField } from '../../db/schema/index.js'
import { BUILTIN_COLUMNS, type QueryPlan } from './query/compile.js'
import { publicMedia, publishedEntries } from './query/query-sql.js'
import type { CollectionRow, EntryRow } from './repository.js'
import type { Entry } from './schemas.js'

/**
 * An entry as reads return it: only the data of fields the collection still declares, and the
 * option labels of its enum values (`dataLabels`).
 */
export function toEntry(row: EntryRow, collection: Pick<CollectionRow, 'key' | 'fields'>): Entry {
  const data: Record<string, unknown> = {}
  const dataLabels: Record<string, unknown> = {}
  for (const field of collection.fields) {
    const value = row.data[field.key]
    if (value === undefined || value === null) continue
    data[field.key] = value
    if (field.type === 'enum') {
      const labelOf = (option: unknown) =>
        field.options?.find((candidate) => candidate.value === option)?.label
      dataLabels[field.key] = Array.isArray(value) ? value.map(labelOf) : labelOf(value)
    }
  }
  return {
    id: row.id,
    collectionKey: collection.key,
    slug: row.slug,
    status: row.status,
    data,
    dataLabels,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

type Resolved = Map<string, unknown>

/**
 * Replaces ref ids by the referenced entries (published, in an active collection of the declared
 * target, one level deep) and media ids by the tenant's active media, as the plan asks. What
 * cannot be shown publicly resolves to null (single) or is left out (multiple).
 */
export async function resolveRelations(
  db: Db,
  tenantId: string,
  fields: StoredField[],
  entries: Entry[],
  resolve: QueryPlan['resolve'],
  targetFields: (key: string) => StoredField[] | undefined,
): Promise<Entry[]> {
  const kinds = fields.filter(
    (field) => (field.type === 'ref' && resolve.refs) || (field.type === 'media' && resolve.media),
  )
  if (kinds.length === 0) return entries
  const idsOf = (type: string) =>
    entries.flatMap((entry) =>
      kinds
        .filter((field) => field.type === type)
        .flatMap((field) => [entry.data[field.key] ?? []].flat() as string[]),
    )
  const [refRows, mediaRows] = await Promise.all([
    publishedEntries(db, tenantId, [...new Set(idsOf('ref'))]),
    publicMedia(db, tenantId, [...new Set(idsOf('media'))]),
  ])
  const refs: Resolved = new Map()
  for (const { entry, collectionKey } of refRows) {
    const target = targetFields(collectionKey) ?? []
    refs.set(`${collectionKey}:${entry.id}`, toEntry(entry, { key: collectionKey, fields: target }))
  }
  const media: Resolved = new Map(mediaRows.map((row) => [row.id, row]))
  return entries.map((entry) => {
    const data = { ...entry.data }
    for (const field of kinds) {
      const value = data[field.key]
      if (value === undefined) continue
      const lookup = (id: string) =>
        (field.type === 'media' ? media.get(id) : refs.get(`${field.ref}:${id}`)) ?? null
      data[field.key] = Array.isArray(value)
        ? (value as string[]).map(lookup).filter((item) => item !== null)
        : lookup(value as string)
    }
    return { ...entry, data }
  })
}

/** A row of the requested paths (`id`, `title`, `author.name`, `cover.url`), keyed by path. */
export function project(entry: Entry, select: string[]): Record<string, unknown> {
  const row: Record<string, unknown> = {}
  for (const path of select) {
    const [head = '', sub] = path.split('.')
    if ((BUILTIN_COLUMNS as readonly string[]).includes(head)) {
      row[path] = entry[head as keyof Entry]
      continue
    }
    const value = entry.data[head]
    if (sub === undefined) {
      row[path] = value ?? null
      continue
    }
    const pick = (item: unknown) => {
      if (item === null || typeof item !== 'object') return null
      const record = item as Record<string, unknown> & { data?: Record<string, unknown> }
      if (Object.hasOwn(record, sub) && sub !== 'data') return record[sub] ?? null
      return record.data?.[sub] ?? null
    }
    row[path] = Array.isArray(value) ? value.map(pick) : pick(value)
  }
  return row
}
