import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FIRST_SECTIONS } from '../studio/src/locales/sections.js'

// Studio's strings load by section, the top-level keys of studio/src/locales/<language>.json
// (docs/decisions/studio.md "Languages"): the first screen's sections before it renders, every other
// section with the code that names it, declared where that code is imported lazily:
// `withStrings(['media'], import('./routes/media-library'))`. This reads the code as the bundler
// splits it and checks that each part declares exactly the sections it names.

const STUDIO_SRC = new URL('../studio/src/', import.meta.url).pathname
const SECTIONS = new Set(
  Object.keys(JSON.parse(readFileSync(join(STUDIO_SRC, 'locales', 'en.json'), 'utf8'))),
)

/** One of Studio's modules as far as this check reads it. */
interface Module {
  /** Static imports (and `export *`): the module and the names taken from it (`*` for all). */
  imports: { target: string; names: string[] }[]
  /** Re-exports (`export { a as b } from './x'`): the name exported → the module and its name there. */
  reexports: Map<string, { target: string; name: string }>
  /** Lazy imports, with the sections their `withStrings` declares. */
  lazy: { target: string; declared: string[] }[]
  /** Sections of the keys the module's code names: `t('media.title')`, t(`media.usage.${kind}`). */
  sections: Set<string>
}

/** The file a relative import names (`./routes/x` → `./routes/x.tsx`); undefined for packages, styles, JSON. */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const base = join(dirname(from), specifier)
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile(),
  )
}

/** `a, type B, c as d` → the runtime names imported: a, c. */
function namesIn(list: string): string[] {
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && !name.startsWith('type '))
    .map((name) => name.split(/\s+as\s+/)[0]!)
}

const modules = new Map<string, Module>()
function read(file: string): Module {
  const known = modules.get(file)
  if (known !== undefined) return known
  // Comments may show code (`t('media.title')`): only the code counts.
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
  const module: Module = { imports: [], reexports: new Map(), lazy: [], sections: new Set() }
  const statement = /^(import|export)\s+(?!type\s)([\w\s,{}*$]*?)\s*from\s+'([^']+)'|^import\s+'([^']+)'/gm
  for (const [, keyword, clause = '', specifier, sideEffect] of code.matchAll(statement)) {
    const target = resolve(file, (specifier ?? sideEffect)!)
    if (target === undefined) continue
    const braces = /^\{([^}]*)\}$/.exec(clause.trim())
    if (keyword === 'export' && braces) {
      for (const name of braces[1]!.split(',').map((entry) => entry.trim())) {
        const [from, as = from] = name.split(/\s+as\s+/)
        if (from && !from.startsWith('type ')) module.reexports.set(as!, { target, name: from })
      }
    } else {
      const names = braces ? namesIn(braces[1]!) : clause.trim() === '' ? [] : ['*']
      module.imports.push({ target, names })
    }
  }
  const lazy = /(?:withStrings\(\s*\[([^\]]*)\]\s*,\s*)?import\(\s*'([^']+)'\s*\)/g
  for (const [, declared = '', specifier] of code.matchAll(lazy)) {
    const target = resolve(file, specifier!)
    if (target !== undefined)
      module.lazy.push({ target, declared: [...declared.matchAll(/'(\w+)'/g)].map((match) => match[1]!) })
  }
  for (const [, section] of code.matchAll(/['`]([A-Za-z]\w*)\.[\w.]*(?:'|\$\{)/g))
    if (SECTIONS.has(section!)) module.sections.add(section!)
  modules.set(file, module)
  return module
}

/** A feature's index.ts: a screen takes only what it imports from it, as the bundler keeps only that. */
const isFeatureIndex = (file: string) => /\/features\/[^/]+\/index\.ts$/.test(file)

/** The modules `entry` loads with it (not lazily), following a feature index only through the names taken. */
function loadedWith(entry: string): Set<string> {
  const seen = new Set<string>()
  const taken = new Map<string, Set<string>>()
  const visit = (file: string, names: string[]) => {
    if (isFeatureIndex(file)) {
      const index = read(file)
      const before = taken.get(file) ?? new Set()
      const fresh = names.includes('*') ? [...index.reexports.keys()] : names
      taken.set(file, new Set([...before, ...fresh]))
      if (!seen.has(file)) {
        seen.add(file)
        for (const { target, names: imported } of index.imports) visit(target, imported)
      }
      for (const name of fresh.filter((name) => !before.has(name))) {
        const from = index.reexports.get(name)
        if (from !== undefined) visit(from.target, [from.name])
      }
      return
    }
    if (seen.has(file)) return
    seen.add(file)
    const module = read(file)
    for (const { target, names: imported } of module.imports) visit(target, imported)
    for (const { target, name } of module.reexports.values()) visit(target, [name])
  }
  visit(entry, ['*'])
  return seen
}

/** The sections named by the code `entry` loads with it, but those in `besides`. */
function sectionsNamed(entry: string, besides: ReadonlySet<string> = new Set()): string[] {
  const named = [...loadedWith(entry)].flatMap((file) => [...read(file).sections])
  return [...new Set(named)].filter((section) => !besides.has(section)).sort()
}

/** Every lazy import the app can reach from its entry, with where it is written. */
function lazyImports(entry: string) {
  const found = new Map<string, { from: string; target: string; declared: string[] }>()
  const done = new Set<string>()
  const pending = [entry]
  while (pending.length > 0) {
    const next = pending.pop()!
    if (done.has(next)) continue
    done.add(next)
    for (const file of loadedWith(next)) {
      for (const lazy of read(file).lazy) {
        const from = relative(STUDIO_SRC, file)
        found.set(`${from} ${lazy.target}`, { from, ...lazy })
        pending.push(lazy.target)
      }
    }
  }
  return [...found.values()]
}

const ENTRY = join(STUDIO_SRC, 'main.tsx')
const FIRST = new Set<string>(FIRST_SECTIONS)

describe("Studio's string sections", () => {
  it('load before the first screen exactly the sections its code names', () => {
    expect([...FIRST].sort()).toEqual(sectionsNamed(ENTRY))
  })

  it('load with each lazily imported part of the app the sections its code names', () => {
    const parts = lazyImports(ENTRY)
    expect(parts.length).toBeGreaterThan(40)
    const wrong = parts
      .map(({ from, target, declared }) => ({
        part: `${from} → ${relative(STUDIO_SRC, target)}`,
        declared: [...declared].sort(),
        named: sectionsNamed(target, FIRST),
      }))
      .filter(({ declared, named }) => declared.join() !== named.join())
    expect(wrong).toEqual([])
  })
})
