/**
 * Which test files run where in CI (`.ci/run`), in one place. The whole suite runs once, on
 * PostgreSQL + Redis with the browser journeys (`npm test` with TEST_DATABASE_URL and
 * TEST_REDIS_URL). On embedded PGlite without Redis, the configuration of a single Folio process,
 * CI runs `EMBEDDED_CI_TESTS` (`npm run test:embedded`): the files below, so that every test and
 * every path the embedded database or the in-process store takes runs in CI at least once.
 * `npm test` without TEST_DATABASE_URL still runs everything on PGlite. test/suites.test.ts keeps
 * these lists true.
 */

/**
 * The embedded database itself (its client, the DATA_DIR lock, `npm start`'s check of it), and
 * files whose tests take another path when the run's database is embedded PGlite: a test that runs
 * on PGlite only, or code that asks which database it runs on (one connection, a statement
 * timeout PGlite cannot enforce). An import resumed by the process that holds the embedded
 * database is tested on whole processes (src/cli/import-processes.test.ts), on PGlite in every run.
 */
export const EMBEDDED_TESTS = [
  'src/db/client.test.ts',
  'src/db/data-dir-lock.test.ts',
  'test/start-script.test.ts',
  'src/events/outbox.test.ts',
  'src/jobs/runner.test.ts',
  'src/modules/collections/query-timeout.test.ts',
]

/**
 * Files whose code paths differ without Redis: the in-process throttles, delivery cache and
 * presence (with Redis, CI's PostgreSQL run, they count and keep in Redis).
 */
export const WITHOUT_REDIS_TESTS = [
  'src/http/public-throttle.test.ts',
  'src/http/delivery-cache.test.ts',
  'src/modules/live/live-members.test.ts',
]

/**
 * Tests of the files above that the embedded run leaves to the PostgreSQL + Redis run: the
 * delivery cache's stress loops (300 writes each, about 20 s apiece on PGlite). The cache's
 * other tests, its invalidation on every kind of write among them, run on both.
 */
export const NOT_EMBEDDED = /never answers stale: 300 /

/**
 * A smoke run of the HTTP API across families on the one connection of the embedded database:
 * the app frame, tenant isolation, and every write route of the document (the outbox matrix).
 */
export const SMOKE_TESTS = [
  'test/app.test.ts',
  'test/isolation.test.ts',
  'test/outbox-matrix.test.ts',
  'src/modules/auth/auth.test.ts',
  'src/modules/contents/contents.test.ts',
]

/**
 * Files that read TEST_DATABASE_URL only to run some tests, or assertions, on PostgreSQL alone (a
 * second connection, a statement PostgreSQL cancels, a time it bounds): CI's PostgreSQL run covers
 * them whole.
 */
export const POSTGRES_ONLY_TESTS = [
  'src/db/connection-loss.test.ts',
  'src/store/postgres-notify.test.ts',
  'src/modules/collections/query-run.test.ts',
  'src/modules/live/live-instances.test.ts',
  'src/cli/migrate-instance.test.ts',
]

/** What `npm run test:embedded` runs (vitest.embedded.config.ts). */
export const EMBEDDED_CI_TESTS = [...EMBEDDED_TESTS, ...WITHOUT_REDIS_TESTS, ...SMOKE_TESTS]
