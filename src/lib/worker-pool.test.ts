import { afterEach, describe, expect, it } from 'vitest'
import { createWorkerPool, type WorkerPool, WorkerUnavailableError, workerTask } from './worker-pool.js'

const TASKS = new URL('../../test/worker-tasks.js', import.meta.url)
const double = workerTask<number, { value: number; threadId: number }>(TASKS, 'double')
const spin = workerTask<number, number>(TASKS, 'spin')
const fail = workerTask<string, never>(TASKS, 'fail')

const pools: WorkerPool[] = []
function pool(options: Partial<Parameters<typeof createWorkerPool>[0]> = {}): WorkerPool {
  const made = createWorkerPool({
    maxThreads: 1,
    timeLimitMs: 20_000,
    idleTimeoutMs: 60_000,
    maxQueue: 4,
    maxHeapMb: 64,
    ...options,
  })
  pools.push(made)
  return made
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((made) => made.close()))
})

describe('createWorkerPool', () => {
  it('starts no thread before the first task, then runs tasks off the main thread', async () => {
    const workers = pool()
    expect(workers.threads()).toBe(0)
    const first = await workers.run(double, 21)
    expect(first.value).toBe(42)
    expect(first.threadId).toBeGreaterThan(0)
    expect(workers.threads()).toBe(1)
    expect((await workers.run(double, 2)).threadId).toBe(first.threadId)
  })

  it('gives a task’s own error as the task threw it', async () => {
    await expect(pool().run(fail, 'broken input')).rejects.toThrow('broken input')
  })

  it('ends a task past the time limit with WorkerUnavailableError and replaces its thread', async () => {
    const workers = pool({ timeLimitMs: 5000 })
    const before = (await workers.run(double, 1)).threadId
    const error = await workers.run(spin, 60_000).catch((err: unknown) => err)
    expect(error).toBeInstanceOf(WorkerUnavailableError)
    expect((error as Error).message).toBe('The task spin did not finish within 5000 ms.')
    const after = await workers.run(double, 3)
    expect(after.value).toBe(6)
    expect(after.threadId).not.toBe(before)
  })

  it('refuses a task at once when every thread is busy and the queue is full', async () => {
    const workers = pool({ maxQueue: 1 })
    await workers.run(double, 0)
    const running = workers.run(spin, 500)
    const queued = workers.run(spin, 1)
    const refused = await workers.run(double, 1).catch((err: unknown) => err)
    expect(refused).toBeInstanceOf(WorkerUnavailableError)
    expect((refused as Error).message).toBe('Every worker thread is busy and 1 tasks wait.')
    expect(typeof (await running)).toBe('number')
    expect(typeof (await queued)).toBe('number')
  })

  it('ends its threads on close and refuses tasks after', async () => {
    const workers = pool()
    await workers.run(double, 1)
    await workers.close()
    expect(workers.threads()).toBe(0)
    await expect(workers.run(double, 1)).rejects.toBeInstanceOf(WorkerUnavailableError)
    await workers.close()
  })
})
