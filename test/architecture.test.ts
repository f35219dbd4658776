import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { DECLARED } from '../src/modules/declarations.js'

/**
 * What docs/architecture.md promises of the code's shape: no module of src/ loads itself through
 * its own imports, and every family is added the way "Adding a family" says.
 */
const SRC = fileURLToPath(new URL('../src', import.meta.url))
const MODULES = join(SRC, 'modules')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/** `import … from './x.js'` and `export … from './x.js'`, with what they name. */
const RELATIVE_IMPORT =
  /^(?:import|export)\s+(type\s+)?(\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+(?:\s*,\s*\{[^}]*\})?)\s+from\s+'(\.[^']+)'/gm

/**
 * The files `file` loads when it is loaded: its relative static imports that name a value. A
 * type-only import is erased by the compiler, and `await import(…)` loads later, so neither can
 * run a module before its imports finished.
 */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(RELATIVE_IMPORT)]
    .filter(([, typeOnly, names = '']) => {
      if (typeOnly !== undefined) return false
      const named = /^\{([^}]*)\}$/.exec(names.trim())?.[1]
      if (named === undefined) return true
      const members = named
        .split(',')
        .map((member) => member.trim())
        .filter(Boolean)
      return members.length === 0 || !members.every((member) => member.startsWith('type '))
    })
    .map(([, , , path = '']) => resolve(dirname(file), path).replace(/\.js$/, '.ts'))
    .filter((path) => existsSync(path))
}

/** The import cycles of `graph` (strongly connected components of more than one file, or a self-import). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (file: string) => {
    index.set(file, next)
    low.set(file, next)
    next += 1
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return cycles
}

const families = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

describe('the shape of src/', () => {
  it('has no import cycle: every module finishes loading its imports before it runs', () => {
    const graph = new Map(sourceFiles(SRC).map((file) => [file, runtimeImports(file)]))
    expect(graph.get(join(SRC, 'http/auth.ts'))).toContain(join(SRC, 'permissions.ts'))
    const cycles = cyclesOf(graph).map((cycle) => cycle.map((file) => relative(SRC, file)))
    expect(cycles).toEqual([])
  })

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ])
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']])
  })
})

describe('adding a family (docs/architecture.md "Adding a family")', () => {
  const services = readFileSync(join(SRC, 'services.ts'), 'utf8')

  it.each(families)('%s: its index.ts manifest is added in src/services.ts', (family) => {
    const manifest = `${family.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())}Family`
    expect(readFileSync(join(MODULES, family, 'index.ts'), 'utf8')).toContain(`export function ${manifest}(`)
    expect(services).toContain(`from './modules/${family}/index.js'`)
    expect(services).toMatch(new RegExp(`\\.add\\((\\(k[^)]*\\) =>\\s*)?${manifest}\\b`))
  })

  it('lists the declarations of exactly the families that have a declarations.ts', () => {
    const declaring = families.filter((family) => existsSync(join(MODULES, family, 'declarations.ts')))
    expect(Object.keys(DECLARED).sort()).toEqual(declaring.sort())
  })

  it.each(families.filter((family) => existsSync(join(MODULES, family, 'declarations.ts'))))(
    '%s: its declarations.ts is a leaf (typebox and the declaration vocabulary only)',
    (family) => {
      const text = readFileSync(join(MODULES, family, 'declarations.ts'), 'utf8')
      const imported = [...text.matchAll(/from '([^']+)'/g)].map(([, path = '']) => path)
      const allowed = ['typebox', '../../events/payloads.js', '../../config-variables.js', '../../declare.js']
      expect(imported.filter((path) => !allowed.includes(path))).toEqual([])
    },
  )
})
