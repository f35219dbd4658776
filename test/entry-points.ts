import { existsSync, readdirSync, statSync } from 'node:fs'
import { isAbsolute, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/**
 * Whether every source `npm run build` compiles (`src/**\/*.ts` but tests) has its `dist/….js`, written
 * after the source last changed: true in CI, which builds before it tests; false in a checkout whose
 * sources changed since its last build. The build is incremental (tsconfig.build.json) and leaves
 * the output of an unchanged source as it was, so each file is compared with its own output. Decided
 * once per test process.
 */
export const SERVER_BUILD_FRESH: boolean = (() => {
  const sources = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter(
    (path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.endsWith('.d.ts'),
  )
  return sources.every((path) => {
    const output = join(ROOT, 'dist', path.replace(/\.ts$/, '.js'))
    return existsSync(output) && statSync(output).mtimeMs >= statSync(join(ROOT, 'src', path)).mtimeMs
  })
})()

/**
 * The node arguments that run one of Folio's entry points as its own process, as a user runs it:
 * `source` is its TypeScript file (absolute, or relative to the repository: `src/server.ts`,
 * `src/cli/import-wordpress.ts`). From the build (`dist/….js`) when `SERVER_BUILD_FRESH`, else from
 * the source through tsx: the same code either way, but the build starts in about a third of the
 * time (no transform on load), which the tests that start many processes add up.
 */
export function entryPointArgs(source: string): string[] {
  const path = relative(join(ROOT, 'src'), isAbsolute(source) ? source : join(ROOT, source))
  if (path.startsWith('..') || !path.endsWith('.ts')) {
    throw new Error(`${source} is not a TypeScript entry point under src/.`)
  }
  return SERVER_BUILD_FRESH
    ? [join(ROOT, 'dist', path.replace(/\.ts$/, '.js'))]
    : ['--import', 'tsx', join(ROOT, 'src', path)]
}
