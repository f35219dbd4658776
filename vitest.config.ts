import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'

/** Timing comparisons run on their own, on a quiet machine: `npm run test:timing` (vitest.timing.config.ts). */
export const TIMING_TESTS = '**/*.timing.test.ts'
/** Fault tests start and stop their own servers: `npm run test:faults` (vitest.faults.config.ts). */
export const FAULT_TESTS = '**/*.fault.test.ts'

/**
 * Files run at a time. On PGlite a file's database runs inside its worker, so one worker per core
 * keeps the cores busy. On PostgreSQL part of each file's work happens in the server's processes
 * and in Chromium, and the browser journeys and the tests of whole processes spend much of their
 * time waiting on them: with one worker more than the cores, a third of the cores' time still went
 * idle over the whole suite, so there are two more. At most 8: each worker holds a database's worth
 * of memory.
 */
const TEST_WORKERS = Math.min(
  8,
  availableParallelism() + (process.env.TEST_DATABASE_URL === undefined ? 0 : 2),
)

export default defineConfig({
  // Studio's code imports the typed client by name; like Studio's own build, read it from source.
  resolve: {
    alias: { '@folio/client': fileURLToPath(new URL('packages/client/src/index.ts', import.meta.url)) },
  },
  test: {
    include: [
      'src/**/*.test.ts',
      'test/**/*.test.ts',
      'studio/src/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
    ],
    exclude: [...configDefaults.exclude, TIMING_TESTS, FAULT_TESTS],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker runs file after file in one process: the app's modules load, and its route schemas
    // compile, once per worker instead of once per file. Files share no state beyond that: each
    // builds its own apps on its own database (a PGlite copy of the run's migrated template, or a
    // PostgreSQL database made from the template database), and test/file-setup.ts ends the
    // file's database.
    poolOptions: { forks: { minForks: TEST_WORKERS, maxForks: TEST_WORKERS, isolate: false } },
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/file-setup.ts'],
  },
})
