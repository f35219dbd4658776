import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

/**
 * `npm run test:quick`, the inner loop (about a minute): the unit tests, which boot no app, and the
 * HTTP tests of the core paths (sign-up and sign-in, contents, tags, tenant isolation across
 * families). `npm test` runs everything; one family alone: `npx vitest run src/modules/<family>`.
 */
const QUICK_TESTS = [
  'src/config.test.ts',
  'src/lib/{like,outbound,secrets}.test.ts',
  'src/modules/collections/query/compile.test.ts',
  'src/modules/forms/{answers,client-info,pattern}.test.ts',
  'src/modules/imports/{wordpress-mapping,wxr-parser}.test.ts',
  'src/modules/media/media-config.test.ts',
  'src/modules/menus/tree.test.ts',
  'src/modules/placements/{glob,rules}.test.ts',
  'src/modules/webhooks/retry-schedule.test.ts',
  'src/events/catalog.test.ts',
  'src/modules/auth/auth.test.ts',
  'src/modules/contents/contents.test.ts',
  'src/modules/tags/tags.test.ts',
  'test/isolation.test.ts',
  'packages/client/src/browser.test.ts',
]

export default defineConfig({ test: { ...base.test, include: QUICK_TESTS } })
