import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Studio's strings (studio/src/locales): both languages carry the same keys, every key the code
// names exists, and every key is named by some code (no dead strings left for translators).

const STUDIO_SRC = new URL('../studio/src/', import.meta.url).pathname
const PLURAL = /_(zero|one|two|few|many|other)$/

function keysOf(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  )
}

function locale(language: string): string[] {
  return keysOf(JSON.parse(readFileSync(join(STUDIO_SRC, 'locales', `${language}.json`), 'utf8'))).sort()
}

/** The app's code: every .ts and .tsx under studio/src but the tests. */
function sources(directory = STUDIO_SRC): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [readFileSync(path, 'utf8')] : []
  })
}

const en = locale('en')
const code = sources().join('\n')
/** Keys passed to `t('…')` (or `i18n.t('…')`) as literals. */
const named = [...code.matchAll(/\bt\(\s*'([^'$]+)'/g)].map((match) => match[1]!)
/** Prefixes of keys made at run time: t(`media.usage.${kind}`). */
const prefixes = [...code.matchAll(/\bt\(\s*`([A-Za-z0-9_.]+)\$\{/g)].map((match) => match[1]!)
/** Every quoted string of the code that could be a key (navigation tables hold keys as data). */
const literals = new Set([...code.matchAll(/'([A-Za-z0-9_.]+)'/g)].map((match) => match[1]!))

describe('Studio locales', () => {
  it('have the same keys in English and Turkish', () => {
    expect(locale('tr')).toEqual(en)
  })

  it('have every key the code names, plurals included', () => {
    expect(named.length).toBeGreaterThan(200)
    const missing = named.filter((key) => !en.includes(key) && !en.includes(`${key}_one`))
    expect([...new Set(missing)]).toEqual([])
    for (const prefix of prefixes)
      expect(
        en.some((key) => key.startsWith(prefix)),
        prefix,
      ).toBe(true)
  })

  it('have no key the code never names', () => {
    const unused = en.filter((key) => {
      const base = key.replace(PLURAL, '')
      return !literals.has(base) && !prefixes.some((prefix) => key.startsWith(prefix))
    })
    expect(unused).toEqual([])
  })
})
