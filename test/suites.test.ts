import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EMBEDDED_CI_TESTS, EMBEDDED_TESTS, NOT_EMBEDDED, POSTGRES_ONLY_TESTS } from './suites.js'

const ROOT = join(import.meta.dirname, '..')

/**
 * Every file `npm test` runs (vitest.config.ts: *.test.ts under src/, test/, studio/src/ and the
 * client's src/, but timing and fault tests).
 */
function suiteFiles(): string[] {
  return ['src', 'test', 'studio/src', 'packages/client/src']
    .flatMap((dir) =>
      readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((path) => `${dir}/${path}`),
    )
    .filter((path) => path.endsWith('.test.ts') && !/\.(timing|fault)\.test\.ts$/.test(path))
}

describe('the CI suites of test/suites.ts', () => {
  it('name test files of the suite, each once', () => {
    const files = new Set(suiteFiles())
    const listed = [...EMBEDDED_CI_TESTS, ...POSTGRES_ONLY_TESTS]
    expect(listed.filter((path) => !existsSync(join(ROOT, path)) || !files.has(path))).toEqual([])
    expect(listed.filter((path, index) => listed.indexOf(path) !== index)).toEqual([])
  })

  it('run on PGlite every file whose tests depend on the database beyond what PostgreSQL runs', () => {
    // A file that reads TEST_DATABASE_URL runs some tests, or some assertions, on one database
    // only: the embedded run must have it, unless what it holds back runs on PostgreSQL alone.
    const dependent = suiteFiles().filter(
      (path) =>
        path !== 'test/suites.test.ts' &&
        readFileSync(join(ROOT, path), 'utf8').includes('TEST_DATABASE_URL'),
    )
    expect(dependent.length).toBeGreaterThan(0)
    expect(
      dependent.filter((path) => !EMBEDDED_TESTS.includes(path) && !POSTGRES_ONLY_TESTS.includes(path)),
    ).toEqual([])
  })

  it('leave out of the embedded run the two stress loops of the delivery cache, nothing else', () => {
    const titles = EMBEDDED_CI_TESTS.flatMap((path) =>
      [...readFileSync(join(ROOT, path), 'utf8').matchAll(/\bit\(\s*'([^']+)'/g)].map((match) => match[1]),
    )
    expect(titles.filter((title) => NOT_EMBEDDED.test(title as string))).toEqual([
      'never answers stale: 300 writes of an entry, each followed by reads of it and its list',
      'never answers stale: 300 changes of a menu item, each followed by a read of the menu',
    ])
  })
})
