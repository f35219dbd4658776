import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { getTableName, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import type { TableOwnership } from '../src/db/ownership.js'
import * as schema from '../src/db/schema/index.js'
import { scanTableAccess, stripComments, type TableNames } from './table-access.js'

const ROOT = join(import.meta.dirname, '..')
const SRC = join(ROOT, 'src')

/** Every table of the schema: export name → SQL name. */
const TABLES: TableNames = new Map(
  Object.entries(schema as Record<string, unknown>).flatMap(([name, value]) =>
    is(value, PgTable) ? [[name, getTableName(value)] as const] : [],
  ),
)

/**
 * Where a declaration lives: a family's folder (`src/modules/<family>`, named by the family) or a
 * shared mechanism's (`src/events`). Found by their `tables.ts`, so a new family needs no list here.
 */
interface Area {
  name: string
  dir: string
  ownership: TableOwnership
}

async function loadAreas(): Promise<Area[]> {
  const dirs = [
    ...readdirSync(join(SRC, 'modules')).map((name) => ({ name, dir: join(SRC, 'modules', name) })),
    ...readdirSync(SRC)
      .filter((name) => name !== 'modules')
      .map((name) => ({ name: `src/${name}`, dir: join(SRC, name) })),
  ]
  const areas: Area[] = []
  for (const { name, dir } of dirs) {
    const file = join(dir, 'tables.ts')
    if (!statSync(dir).isDirectory() || !existsSync(file)) continue
    const { tables } = (await import(file)) as { tables: TableOwnership }
    areas.push({ name, dir, ownership: tables })
  }
  return areas
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sourceFiles(path)
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : []
  })
}

const areas = await loadAreas()
const owners = new Map<string, string[]>()
for (const area of areas) {
  for (const table of area.ownership.owns) {
    owners.set(getTableName(table), [...(owners.get(getTableName(table)) ?? []), area.name])
  }
}
const ownerOf = (table: string) => owners.get(table)?.[0]

/** The area whose declaration covers `file`, if any: the innermost folder of an area holding it. */
function areaOf(file: string): Area | undefined {
  return areas
    .filter((area) => file.startsWith(`${area.dir}/`))
    .sort((x, y) => y.dir.length - x.dir.length)[0]
}

/** Every source file's table access, with the area it belongs to. */
const scanned = sourceFiles(SRC).map((file) => ({
  file: relative(ROOT, file),
  area: areaOf(file),
  access: scanTableAccess(readFileSync(file, 'utf8'), TABLES),
}))

describe('table ownership (docs/architecture.md "Table ownership")', () => {
  it('gives every table of the schema exactly one owner', () => {
    const problems = [...TABLES.values()].sort().flatMap((table) => {
      const declared = owners.get(table) ?? []
      if (declared.length === 0) return [`${table} has no owner: list it in its family's tables.ts`]
      if (declared.length > 1) return [`${table} is owned by ${declared.join(' and ')}`]
      return []
    })
    expect(problems).toEqual([])
  })

  it("finds no write to a table outside its owner's folder", () => {
    const problems = scanned.flatMap(({ file, area, access }) => [
      ...access.writes
        .filter((write) => ownerOf(write.table) !== area?.name)
        .map(
          (write) =>
            `${file}:${write.line} writes ${write.table}, which ${ownerOf(write.table)} owns: call its index.ts`,
        ),
      ...(area?.ownership.deletesFromEveryTable === undefined &&
      area?.ownership.writesToEveryTable === undefined
        ? access.unresolvedWrites.map(
            (write) => `${file}:${write.line} writes a table named at run time (${write.expression})`,
          )
        : []),
    ])
    expect(problems).toEqual([])
  })

  it("reads another family's table only where the reading family declares it", () => {
    const used = new Map<string, Set<string>>()
    const problems = scanned.flatMap(({ file, area, access }) => {
      const name = area?.name ?? '(no area)'
      const declared = new Set((area?.ownership.reads ?? []).map((read) => getTableName(read.table)))
      const foreign = access.reads.filter((read) => ownerOf(read.table) !== area?.name)
      for (const read of foreign) used.set(name, (used.get(name) ?? new Set()).add(read.table))
      return [...new Set(foreign.filter((read) => !declared.has(read.table)).map((read) => read.table))].map(
        (table) => `${file} reads ${table} (owned by ${ownerOf(table)}): declare it in ${name}'s tables.ts`,
      )
    })
    for (const area of areas) {
      for (const read of area.ownership.reads ?? []) {
        const table = getTableName(read.table)
        if (ownerOf(table) === area.name) problems.push(`${area.name} declares a read of its own ${table}`)
        else if (!used.get(area.name)?.has(table))
          problems.push(`${area.name} declares a read of ${table} it no longer makes`)
      }
    }
    expect(problems).toEqual([])
  })

  it('is written down in docs/architecture.md, one row per table: owner and declared reads', () => {
    const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8')
    const start = doc.indexOf('### Table ownership')
    const section = doc.slice(start, doc.indexOf('\n#', start + 1))
    const rows = new Map(
      [...section.matchAll(/^\| `([a-z_]+)` \| ([^|]+) \| ([^|]*) \|$/gm)].map((row) => [
        row[1]!,
        { owner: row[2]!.trim(), reads: row[3]!.trim() },
      ]),
    )
    const expected = new Map(
      [...TABLES.values()].map((table) => [
        table,
        {
          owner: ownerOf(table) ?? '',
          reads: areas
            .flatMap((area) =>
              (area.ownership.reads ?? [])
                .filter((read) => getTableName(read.table) === table)
                .map((read) => `${area.name}: ${read.why}`),
            )
            .sort()
            .join('<br>'),
        },
      ]),
    )
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(expected))
  })
})

describe('the table access scan', () => {
  it('finds Drizzle writes through imports, renames and constants, and ignores other receivers', () => {
    const source = `
      import { memberships, users as accounts, contentVersions } from '../../db/schema/index.js'
      const v = contentVersions
      await db.insert(memberships).values({})
      await tx.update(accounts).set({})
      await db.delete(v).where(x)
      cache.delete(key)
      createHash('sha256').update(text)
    `
    const { writes } = scanTableAccess(source, TABLES)
    expect(writes.map((write) => write.table)).toEqual(['memberships', 'users', 'content_versions'])
  })

  it('finds raw SQL writes by interpolated table and by SQL name, and names the unresolved ones', () => {
    const source = `
      import { users } from '../../db/schema/index.js'
      await db.execute(sql\`insert into \${users} (id) values (\${id})\`)
      await db.execute(sql\`delete from memberships where user_id = \${id}\`)
      await db.execute(sql\`UPDATE "tenants" SET name = \${name}\`)
      await db.execute(sql\`delete from \${table} where tenant_id = \${tenantId}\`)
      await db.execute(sql\`insert into api_usage as u values (1) on conflict do update set n = 1\`)
    `
    const access = scanTableAccess(source, TABLES)
    expect(access.writes.map((write) => write.table)).toEqual([
      'users',
      'memberships',
      'tenants',
      'api_usage',
    ])
    expect(access.unresolvedWrites).toEqual([{ expression: 'table', line: 6 }])
  })

  it('reads imported tables and raw from/join, but not what a comment or a type import names', () => {
    const source = `
      import type { MediaVariant } from '../../db/schema/index.js'
      import { type StoredField, tenants } from '../../db/schema/index.js'
      // delete from users: a comment is no statement
      /* insert into media */
      const url = 'https://example.com/from/tags'
      const owners = await db.select().from(tenants)
      const text = sql\`select 1 from categories c join content_tags ct on true\`
    `
    const access = scanTableAccess(source, TABLES)
    expect(access.writes).toEqual([])
    expect([...new Set(access.reads.map((read) => read.table))].sort()).toEqual([
      'categories',
      'content_tags',
      'tenants',
    ])
  })

  it('blanks comments but keeps strings and template literals, with their line breaks', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source under test holds a template literal
    const text = "a // x\nconst s = '// not a comment' /* b\n c */ + `t ${'//'} /* u */`"
    const stripped = stripComments(text)
    expect(stripped.split('\n')).toHaveLength(3)
    expect(stripped).toContain("'// not a comment'")
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the same template literal, kept whole
    expect(stripped).toContain("`t ${'//'} /* u */`")
    expect(stripped).not.toContain('// x')
    expect(stripped).not.toContain('/* b')
  })
})
