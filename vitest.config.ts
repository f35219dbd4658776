import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // On embedded PGlite (a database per file) two files run at a time: one fork leaves a core of
    // this 2-core machine idle. On a shared PostgreSQL files run one at a time, because Folio's own
    // sweeps (scheduled publishing, purges, retention) work across tenants.
    poolOptions: { forks: process.env.TEST_DATABASE_URL ? { maxForks: 1 } : { minForks: 2, maxForks: 2 } },
    globalSetup: ['test/global-setup.ts'],
  },
})
