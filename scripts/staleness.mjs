// When a build is stale: shared by `npm start`'s prestart (scripts/build-if-stale.mjs) and the
// Studio browser tests' fixture (test/studio-fixtures.ts), so both rebuild on the same changes.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** What Studio's build (`vite build` of studio/) reads, the typed client's sources included. */
export const STUDIO_INPUTS = [
  'studio/src',
  'studio/index.html',
  'studio/package.json',
  'studio/tsconfig.json',
  'studio/vite.config.ts',
  // Vite reads @folio/client from its sources (studio/vite.config.ts).
  'packages/client/src',
  'package-lock.json',
]

/** What `npm run build` reads (server, typed client, Studio): a change to any makes dist/ stale. */
export const BUILD_INPUTS = [
  'src',
  'scripts/copy-migrations.mjs',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'packages/client/package.json',
  'packages/client/tsconfig.json',
  'packages/client/tsconfig.build.json',
  ...STUDIO_INPUTS,
]

/** The first of `inputs` (paths under `root`) modified after `since` (ms since the epoch), or undefined. */
export function changedSince(inputs, since, root = '.') {
  return inputs.find((input) => newest(join(root, input)) > since)
}

/** The newest modification time (ms) under `path` (a file or a directory), 0 when missing. */
export function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = stat.mtimeMs
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)))
  return latest
}
