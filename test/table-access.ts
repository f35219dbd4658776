/**
 * A static reading of which tables a source file writes and reads (docs/architecture.md "Table
 * ownership"), for the ownership test. It reads the text, not the types, so it knows a table by the
 * names a file gives it: the schema's exports it imports (renamed or not), constants naming one of
 * them (`const v = contentVersions`, `alias(memberships, 'owners')`), and the tables' SQL names in
 * raw SQL. A write is a Drizzle `.insert(t)`, `.update(t)` or `.delete(t)`, or a raw `insert into`,
 * `update` or `delete from`; a read is any other use of an imported table, or a raw `from` or `join`.
 */

/** The schema's tables: export name → SQL name. */
export type TableNames = ReadonlyMap<string, string>

export interface TableAccess {
  /** SQL name of the table. */
  table: string
  line: number
}

export interface FileAccess {
  writes: TableAccess[]
  reads: TableAccess[]
  /** Raw SQL writes to a table named by an expression the scan cannot resolve (`delete from ${table}`). */
  unresolvedWrites: { expression: string; line: number }[]
}

const SQL_WRITE =
  /\b(?:insert\s+into|update|delete\s+from)\s+(?:\$\{\s*([A-Za-z_$][\w$]*)\s*\}|"?([a-z_][a-z0-9_]*)"?)/gi
const SQL_READ = /\b(?:from|join)\s+(?:\$\{\s*([A-Za-z_$][\w$]*)\s*\}|"?([a-z_][a-z0-9_]*)"?)/gi
const DRIZZLE_WRITE = /\.(?:insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*\)/g
const SCHEMA_IMPORT =
  /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"][./]*(?:\/)?db\/schema(?:\/[\w-]+)?(?:\.js)?['"]/g
const TABLE_CONSTANT = /\bconst\s+([A-Za-z_$][\w$]*)\s*=\s*(?:alias\(\s*)?([A-Za-z_$][\w$]*)\s*[,)\n;]/g

/**
 * Replaces comments with spaces (line breaks kept), leaving code and string contents: a comment that
 * says "from media" is no read. Template literals are followed through their `${…}` parts. With
 * `strings`, the contents of strings and of template literals' text go too (their quotes stay).
 */
export function stripComments(text: string, strings = false): string {
  let out = ''
  let i = 0
  /** Open template literals, each with the brace depth of its current `${…}` (-1: in the text). */
  const templates: number[] = []
  const blank = (s: string) => s.replace(/[^\n]/g, ' ')
  while (i < text.length) {
    const c = text[i]!
    const next = text[i + 1]
    const template = templates.at(-1)
    if (template === -1) {
      // Inside a template literal's text.
      if (c === '\\') {
        out += strings ? blank(c + (next ?? '')) : c + (next ?? '')
        i += 2
      } else if (c === '`') {
        templates.pop()
        out += c
        i++
      } else if (c === '$' && next === '{') {
        templates[templates.length - 1] = 0
        out += '${'
        i += 2
      } else {
        out += strings ? blank(c) : c
        i++
      }
      continue
    }
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i)
      const stop = end === -1 ? text.length : end
      out += blank(text.slice(i, stop))
      i = stop
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2)
      const stop = end === -1 ? text.length : end + 2
      out += blank(text.slice(i, stop))
      i = stop
    } else if (c === "'" || c === '"') {
      let j = i + 1
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1
      out += strings ? c + blank(text.slice(i + 1, j)) + text.slice(j, j + 1) : text.slice(i, j + 1)
      i = j + 1
    } else if (c === '`') {
      templates.push(-1)
      out += c
      i++
    } else {
      if (template !== undefined) {
        if (c === '{') templates[templates.length - 1] = template + 1
        else if (c === '}') templates[templates.length - 1] = template === 0 ? -1 : template - 1
      }
      out += c
      i++
    }
  }
  return out
}

function lineOf(text: string, index: number): number {
  let line = 1
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++
  return line
}

/** The file's local names for schema tables: imported (value imports only) and constants naming them. */
function localTables(code: string, tables: TableNames): Map<string, string> {
  const local = new Map<string, string>()
  for (const match of code.matchAll(SCHEMA_IMPORT)) {
    if (match[1] !== undefined) continue
    for (const part of match[2]!.split(',')) {
      const name = part.trim()
      if (name === '' || name.startsWith('type ')) continue
      const [imported, as] = name.split(/\s+as\s+/)
      const table = tables.get(imported!.trim())
      if (table !== undefined) local.set((as ?? imported!).trim(), table)
    }
  }
  for (const match of code.matchAll(TABLE_CONSTANT)) {
    const table = local.get(match[2]!)
    if (table !== undefined) local.set(match[1]!, table)
  }
  return local
}

/** The tables `text` (a TypeScript source file) writes and reads; see the module comment. */
export function scanTableAccess(text: string, tables: TableNames): FileAccess {
  const code = stripComments(text)
  const bare = stripComments(text, true)
  const sqlNames = new Set(tables.values())
  const local = localTables(code, tables)
  const writes: TableAccess[] = []
  const reads: TableAccess[] = []
  const unresolvedWrites: FileAccess['unresolvedWrites'] = []

  for (const match of bare.matchAll(DRIZZLE_WRITE)) {
    const table = local.get(match[1]!)
    if (table !== undefined) writes.push({ table, line: lineOf(code, match.index) })
  }
  for (const match of code.matchAll(SQL_WRITE)) {
    const line = lineOf(code, match.index)
    if (match[1] !== undefined) {
      const table = local.get(match[1])
      if (table !== undefined) writes.push({ table, line })
      else unresolvedWrites.push({ expression: match[1], line })
    } else if (sqlNames.has(match[2]!.toLowerCase())) {
      writes.push({ table: match[2]!.toLowerCase(), line })
    }
  }
  for (const match of code.matchAll(SQL_READ)) {
    const name = match[1] === undefined ? match[2]!.toLowerCase() : local.get(match[1])
    if (name !== undefined && sqlNames.has(name)) reads.push({ table: name, line: lineOf(code, match.index) })
  }
  // Any other use of an imported table (a select, a join, a column in a condition) reads it.
  for (const [name, table] of local) {
    const use = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g')
    for (const match of bare.matchAll(use)) {
      const before = bare.slice(Math.max(0, match.index - 200), match.index)
      if (/import\s*(?:type\s*)?\{[^}]*$/.test(before)) continue
      reads.push({ table, line: lineOf(code, match.index) })
    }
  }
  return { writes, reads, unresolvedWrites }
}
