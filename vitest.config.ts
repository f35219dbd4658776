import { configDefaults, defineConfig } from 'vitest/config'

/** Timing comparisons run on their own, on a quiet machine: `npm run test:timing` (vitest.timing.config.ts). */
export const TIMING_TESTS = '**/*.timing.test.ts'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, TIMING_TESTS],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time on this 2-core machine, each on a database of its own (a PGlite copy
    // of the run's migrated template, or a PostgreSQL database made from the template database).
    poolOptions: { forks: { minForks: 2, maxForks: 2 } },
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/file-setup.ts'],
  },
})
