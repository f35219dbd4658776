import type { StoredField } from '../../db/schema/index.js'
import { BUILTIN_COLUMNS } from './query/compile.js'
import type { EntryJson, PlanPage } from './query/query-sql.js'
import type { CollectionRow, EntryRow } from './repository.js'
import type { Entry, PublicEntry } from './schemas.js'
import { declaredTranslations, localizedData } from './translations.js'

type Shown = Pick<CollectionRow, 'key' | 'fields'>

/**
 * An entry as admin reads return it: only the data of fields the collection still declares, the
 * option labels of its enum values (`dataLabels`), and the translations of its localized fields.
 */
export function toEntry(row: EntryRow | EntryJson, collection: Shown): Entry {
  return {
    ...toPublicEntry(row, collection, undefined),
    translations: declaredTranslations(row.translations ?? {}, collection.fields),
  }
}

/**
 * An entry as a reader of `chain` (a storage chain, `storageChain`) sees it: each localized field
 * from the first locale of the chain that has a value (docs/decisions/content.md "Localized
 * fields"), shared fields as stored; undefined chain: the entry's own data.
 */
export function toPublicEntry(
  row: EntryRow | EntryJson,
  collection: Shown,
  chain: readonly string[] | undefined,
): PublicEntry {
  const source =
    chain === undefined ? row.data : localizedData(row.data, row.translations ?? {}, collection.fields, chain)
  const data: Record<string, unknown> = {}
  const dataLabels: Record<string, unknown> = {}
  for (const field of collection.fields) {
    const value = source[field.key]
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
    publishedAt: row.publishedAt === null ? null : isoOf(row.publishedAt),
    createdAt: isoOf(row.createdAt),
    updatedAt: isoOf(row.updatedAt),
  }
}

const isoOf = (time: Date | string) => (typeof time === 'string' ? time : time.toISOString())

/** The ref and media fields among `fields` whose ids a read resolves (`plan.resolve`). */
export function relationKeys(fields: StoredField[], resolve: { refs: boolean; media: boolean }) {
  return {
    refKeys: resolve.refs ? fields.filter((field) => field.type === 'ref').map((field) => field.key) : [],
    mediaKeys: resolve.media
      ? fields.filter((field) => field.type === 'media').map((field) => field.key)
      : [],
  }
}

type Resolved = Map<string, unknown>

/**
 * Replaces ref ids by the referenced entries (published, in an active collection of the declared
 * target, one level deep, seen through `chain` as the entries are) and media ids by the tenant's
 * active media, as `page` resolved them for `keys`. What cannot be shown publicly resolves to null
 * (single) or is left out (multiple).
 */
export function resolveRelations<T extends PublicEntry>(
  fields: StoredField[],
  entries: T[],
  page: Pick<PlanPage, 'refs' | 'media'>,
  keys: { refKeys: string[]; mediaKeys: string[] },
  targetFields: (key: string) => StoredField[] | undefined,
  chain: readonly string[] | undefined,
): T[] {
  const kinds = fields.filter(
    (field) => keys.refKeys.includes(field.key) || keys.mediaKeys.includes(field.key),
  )
  if (kinds.length === 0) return entries
  const refs: Resolved = new Map()
  for (const ref of page.refs) {
    const target = targetFields(ref.collectionKey) ?? []
    refs.set(
      `${ref.collectionKey}:${ref.id}`,
      toPublicEntry(ref, { key: ref.collectionKey, fields: target }, chain),
    )
  }
  const media: Resolved = new Map(page.media.map((row) => [row.id, row]))
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
export function project(entry: PublicEntry, select: string[]): Record<string, unknown> {
  const row: Record<string, unknown> = {}
  for (const path of select) {
    const [head = '', sub] = path.split('.')
    if ((BUILTIN_COLUMNS as readonly string[]).includes(head)) {
      row[path] = entry[head as keyof PublicEntry]
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
