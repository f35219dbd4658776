/**
 * The typed keys of the message catalogs (docs/decisions/http.md "Messages in the reader's
 * language"): `src/i18n/keys.ts` is rendered from the English catalog, one member per key with the
 * placeholders it takes, so a message the catalog does not hold, or a placeholder left out, fails
 * the typecheck. `npm run generate:i18n` writes it; `src/i18n/i18n.test.ts` fails until the
 * committed file matches the catalog.
 */
import { readFileSync } from 'node:fs'

export const CATALOG_FILE = new URL('../src/i18n/locales/en.json', import.meta.url)
export const KEYS_FILE = new URL('../src/i18n/keys.ts', import.meta.url)

/** i18next's plural forms (CLDR categories) and Folio's one context (`_plural`, verb agreement). */
const SUFFIX = /_(zero|one|two|few|many|other|plural)$/

/** `{{name}}` and `{{name, format}}`: the names a text interpolates. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/{{\s*([\w.]+)\s*(?:,[^}]*)?}}/g)].map((match) => match[1] as string)
}

/** Every leaf of a catalog as `[dotted key, its texts]` (a list of lines is one leaf). */
export function leavesOf(tree: Record<string, unknown>, prefix = ''): [string, string[]][] {
  return Object.entries(tree).flatMap(([name, value]): [string, string[]][] => {
    const key = prefix === '' ? name : `${prefix}.${name}`
    if (typeof value === 'string') return [[key, [value]]]
    if (Array.isArray(value)) return [[key, value.map(String)]]
    return leavesOf(value as Record<string, unknown>, key)
  })
}

/**
 * The keys file for `catalog`. The `expect` group is left out: its keys are the English wordings
 * route schemas declare (`x-expect`), looked up as written.
 */
export function renderKeys(catalog: Record<string, unknown>): string {
  const params = new Map<string, Set<string>>()
  for (const [key, texts] of leavesOf(catalog)) {
    if (key.startsWith('expect.')) continue
    const base = key.replace(SUFFIX, '')
    const names = params.get(base) ?? new Set<string>()
    if (SUFFIX.test(key) && !key.endsWith('_plural')) names.add('count')
    for (const text of texts) for (const name of placeholdersOf(text)) names.add(name)
    params.set(base, names)
  }
  const members = [...params]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, names]) => {
      const shape = [...names]
        .sort()
        .map((name) => `${name}: ${name === 'count' ? 'number' : 'Param'}`)
        .join('; ')
      return `  ${JSON.stringify(key)}: ${shape === '' ? 'NoParams' : `{ ${shape} }`}`
    })
  return [
    '// Rendered from src/i18n/locales/en.json by `npm run generate:i18n` (scripts/i18n-keys.ts): do not edit.',
    "import type { Param } from './phrase.js'",
    '',
    '/** A key that takes no placeholder. */',
    'export type NoParams = Record<string, never>',
    '',
    '/** Every key of the catalogs, with the placeholders its text takes. */',
    'export interface CatalogParams {',
    ...members,
    '}',
    '',
  ].join('\n')
}

/** The keys file of the committed English catalog. */
export function renderCommittedKeys(): string {
  return renderKeys(JSON.parse(readFileSync(CATALOG_FILE, 'utf8')) as Record<string, unknown>)
}
