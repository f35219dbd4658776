import { afterAll, describe, expect, it } from 'vitest'
import { testDatabaseUrl } from '../../test/test-database.js'
import { createDatabase, type Database } from '../db/client.js'
import { newId } from '../lib/ids.js'
import { createJobRunner, type JobRunner } from './runner.js'

/** Job runner on the test database: in-memory PGlite, or the file's database on TEST_DATABASE_URL's server. */
const url = (await testDatabaseUrl()) ?? 'memory://'
const opened: (Database | JobRunner)[] = []

async function open(database?: Database) {
  const db = database ?? (await createDatabase({ url, dataDir: '.', poolSize: 4 }))
  if (database === undefined) opened.push(db)
  return db
}

afterAll(async () => {
  for (const resource of opened.reverse()) {
    if ('stop' in resource) await resource.stop()
    else await resource.close()
  }
})

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 20_000) => {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('job runner', () => {
  it('runs a job, retries a failing one with backoff and leaves it visibly failed', async () => {
    const database = await open()
    const runner = createJobRunner({ database, schema: `jobs_${newId()}`, pollingIntervalSeconds: 0.5 })
    opened.push(runner)
    const seen: string[] = []
    let attempts = 0
    runner.handle<{ word: string }>('echo', async (data) => {
      seen.push(data.word)
    })
    runner.handle(
      'always-fails',
      async () => {
        attempts++
        throw new Error('receiver down')
      },
      { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: false },
    )
    await runner.start()
    await runner.send('echo', { word: 'hello' })
    const failing = await runner.send('always-fails', {})
    await until(() => seen.length === 1)
    expect(seen).toEqual(['hello'])
    await until(async () => (await runner.find('always-fails', failing!))?.state === 'failed')
    const job = await runner.find('always-fails', failing!)
    expect(attempts).toBe(3)
    expect(job).toMatchObject({ state: 'failed', retryCount: 2 })
    expect(JSON.stringify(job?.output)).toContain('receiver down')
  })

  it('works a backlog job after job, waiting a polling interval only when the queue is empty', async () => {
    const database = await open()
    // A polling interval far longer than the test: only a worker that fetches again at once finishes.
    const runner = createJobRunner({ database, schema: `jobs_${newId()}`, pollingIntervalSeconds: 60 })
    opened.push(runner)
    const done: number[] = []
    runner.handle<{ n: number }>('backlog', async ({ n }) => {
      done.push(n)
    })
    await runner.prepare()
    for (let n = 0; n < 10; n++) await runner.send('backlog', { n })
    await runner.start()
    await until(() => done.length === 10, 20_000)
    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  })

  it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
    'runs each job once with two instances on one PostgreSQL',
    async () => {
      const schema = `jobs_${newId()}`
      const ran = new Map<number, number>()
      const runners = await Promise.all(
        [1, 2].map(async () => {
          const runner = createJobRunner({ database: await open(), schema, pollingIntervalSeconds: 0.5 })
          opened.push(runner)
          runner.handle<{ n: number }>('count', async ({ n }) => {
            ran.set(n, (ran.get(n) ?? 0) + 1)
          })
          return runner
        }),
      )
      await runners[0]!.start()
      await runners[1]!.start()
      for (let n = 0; n < 40; n++) await runners[n % 2]!.send('count', { n })
      await until(() => ran.size === 40)
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect([...ran.values()].every((count) => count === 1)).toBe(true)
      expect(ran.size).toBe(40)
    },
  )
})
