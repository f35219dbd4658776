import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'

/** Timing comparisons run on their own, on a quiet machine: `npm run test:timing` (vitest.timing.config.ts). */
export const TIMING_TESTS = '**/*.timing.test.ts'
/** Fault tests start and stop their own servers: `npm run test:faults` (vitest.faults.config.ts). */
export const FAULT_TESTS = '**/*.fault.test.ts'

export default defineConfig({
  // Studio's code imports the typed client by name; like Studio's own build, read it from source.
  resolve: {
    alias: { '@folio/client': fileURLToPath(new URL('packages/client/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'studio/src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, TIMING_TESTS, FAULT_TESTS],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time on this 2-core machine, each on a database of its own (a PGlite copy
    // of the run's migrated template, or a PostgreSQL database made from the template database).
    // A worker runs file after file in one process: the app's modules load, and its route schemas
    // compile, once per worker instead of once per file. Files share no state beyond that: each
    // builds its own apps on its own database, and test/file-setup.ts ends the file's database.
    poolOptions: { forks: { minForks: 2, maxForks: 2, isolate: false } },
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/file-setup.ts'],
  },
})
