import { threadId } from 'node:worker_threads'

/** Tasks for the worker pool's tests (src/lib/worker-pool.test.ts), run on its threads. */

/** `n` doubled, and the thread that did it. */
export function double(n: number): { value: number; threadId: number } {
  return { value: n * 2, threadId }
}

/** Holds its thread for `ms` milliseconds of CPU, then answers its thread. */
export function spin(ms: number): number {
  const until = Date.now() + ms
  while (Date.now() < until) {
    // busy: a task that never yields
  }
  return threadId
}

/** Throws what a task's own failure looks like. */
export function fail(message: string): never {
  throw new TypeError(message)
}
