import { configDefaults, defineConfig } from 'vitest/config'
import base, { TIMING_TESTS } from './vitest.config.js'

/**
 * `npm run test:timing`: the tests that compare response times or measure CPU time (account
 * enumeration, linear-time matching), one file at a time so that no other file loads the machine.
 */
export default defineConfig({
  test: {
    ...base.test,
    include: [TIMING_TESTS],
    exclude: configDefaults.exclude,
    poolOptions: { forks: { minForks: 1, maxForks: 1 } },
  },
})
