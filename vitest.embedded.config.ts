import { defineConfig } from 'vitest/config'
import { EMBEDDED_CI_TESTS, NOT_EMBEDDED } from './test/suites.js'
import base from './vitest.config.js'

/**
 * `npm run test:embedded`: CI's run on embedded PGlite without Redis, the files test/suites.ts
 * lists (the embedded database, the in-process store, a smoke run of the API) but the tests
 * `NOT_EMBEDDED` names. The whole suite runs in CI's PostgreSQL + Redis run; `npm test` runs it all
 * on PGlite.
 */
for (const name of ['TEST_DATABASE_URL', 'TEST_REDIS_URL']) {
  if (process.env[name] !== undefined) {
    throw new Error(`npm run test:embedded runs on embedded PGlite without Redis: unset ${name}.`)
  }
}

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: EMBEDDED_CI_TESTS,
    testNamePattern: new RegExp(`^(?!.*(?:${NOT_EMBEDDED.source}))`),
  },
})
