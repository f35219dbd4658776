import { defineConfig } from 'vitest/config'
import { FAULT_TESTS } from './vitest.config.js'

/**
 * `npm run test:faults`: black-box fault tests (test/faults/*.fault.test.ts). Each file starts its
 * own PostgreSQL cluster and redis-server (test/faults/cluster.ts) and Folio server processes on
 * them, then stops and starts the servers under traffic. One file at a time: they stop servers and
 * measure latencies, which other files running beside them would disturb.
 */
export default defineConfig({
  test: {
    include: [FAULT_TESTS],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    poolOptions: { forks: { minForks: 1, maxForks: 1 } },
    fileParallelism: false,
  },
})
