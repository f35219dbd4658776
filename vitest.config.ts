import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two test files at a time: on a 2-core machine one fork leaves a core idle (PGlite runs in the
    // fork; PostgreSQL, Redis and the timers of waiting tests take little of the other).
    poolOptions: { forks: { minForks: 2, maxForks: 2 } },
    globalSetup: ['test/global-setup.ts'],
  },
})
