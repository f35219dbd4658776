import { getTableName, is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import type { Portability } from '../../db/ownership.js'
import * as schema from '../../db/schema/index.js'
import { TABLE_DECLARATIONS } from '../table-declarations.js'

/** The export options that let an opt-in table travel. */
export interface ExportOptions {
  includeResponses: boolean
  includeStatistics: boolean
}

/** A table that travels in a tenant export, with what the writer and reader need of its columns. */
export interface PortableTable {
  /** SQL name; the archive entry is `data/<name>.ndjson`. */
  name: string
  table: PgTable
  /** Primary key columns, in key order: rows are read keyset-paged in that order. */
  primaryKey: string[]
  /** Columns left out of the archive (secrets). */
  omit: string[]
  optIn?: keyof ExportOptions
  /** `char(24)` columns that hold ids (re-issued on import), user references excluded. */
  idColumns: string[]
  /** Columns referencing `users` (`notNull`: the importing account; otherwise null). */
  userColumns: { name: string; notNull: boolean }[]
  /** Columns referencing a row of the same table (written in a second step, after every row). */
  selfColumns: string[]
}

/** Every table of the schema. */
export function schemaTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))
}

/** Every area's `portable` entries, by table name (docs/decisions/portability.md "Which tables travel"). */
export function portabilityEntries(): Map<string, Portability> {
  const entries = new Map<string, Portability>()
  for (const declaration of Object.values(TABLE_DECLARATIONS)) {
    for (const [name, entry] of Object.entries(declaration.portable ?? {})) entries.set(name, entry)
  }
  return entries
}

/** Whether the table has a `tenant_id` column: every such table needs a `portable` entry. */
export function hasTenantColumn(table: PgTable): boolean {
  return getTableConfig(table).columns.some((column) => column.name === 'tenant_id')
}

/**
 * The tables that travel, parents before the tables referencing them (read from the schema's
 * foreign keys; self references are left to `selfColumns`), so an import inserts them in this
 * order without tripping a key. Throws when a tenant table has no entry (the test says which).
 */
export function portableTables(): PortableTable[] {
  const entries = portabilityEntries()
  const tables = schemaTables().filter((table) => {
    const entry = entries.get(getTableName(table))
    return entry?.export === true
  })
  const ordered: PgTable[] = []
  const visit = (table: PgTable, path: Set<PgTable>) => {
    if (ordered.includes(table) || path.has(table)) return
    path.add(table)
    for (const key of getTableConfig(table).foreignKeys) {
      const parent = key.reference().foreignTable
      if (parent !== table && tables.includes(parent)) visit(parent, path)
    }
    path.delete(table)
    ordered.push(table)
  }
  for (const table of [...tables].sort((x, y) => getTableName(x).localeCompare(getTableName(y))))
    visit(table, new Set())
  return ordered.map((table) =>
    describe(table, entries.get(getTableName(table)) as Portability & { export: true }),
  )
}

function describe(table: PgTable, entry: Portability & { export: true }): PortableTable {
  const config = getTableConfig(table)
  const primaryKey =
    config.primaryKeys[0]?.columns.map((column) => column.name) ??
    config.columns.filter((column) => column.primary).map((column) => column.name)
  const userColumns: PortableTable['userColumns'] = []
  const selfColumns: string[] = []
  for (const key of config.foreignKeys) {
    const reference = key.reference()
    const target = getTableName(reference.foreignTable)
    if (target === 'users') {
      for (const column of reference.columns) userColumns.push({ name: column.name, notNull: column.notNull })
    } else if (reference.foreignTable === table) {
      for (const column of reference.columns) if (column.name !== 'tenant_id') selfColumns.push(column.name)
    }
  }
  const users = new Set(userColumns.map((column) => column.name))
  const idColumns = config.columns
    .filter((column) => column.getSQLType() === 'char(24)' && !users.has(column.name))
    .map((column) => column.name)
  return {
    name: config.name,
    table,
    primaryKey,
    omit: [...(entry.omit ?? [])],
    ...(entry.optIn === undefined ? {} : { optIn: entry.optIn }),
    idColumns,
    userColumns,
    selfColumns,
  }
}

/** The tables an export with `options` writes: the opt-in ones only when asked for. */
export function tablesFor(options: ExportOptions): PortableTable[] {
  return portableTables().filter((table) => table.optIn === undefined || options[table.optIn])
}
