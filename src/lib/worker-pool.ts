import type { Piscina } from 'piscina'

/**
 * A function a worker thread runs: the export `name` of `module`, given a value the structured
 * clone algorithm copies and returning one (docs/architecture.md "Worker threads"). `module` is the
 * compiled file's URL (`new URL('./x-worker.js', import.meta.url)`); run from TypeScript sources
 * (tests, `npm run dev`), the pool loads the `.ts` file beside it instead.
 */
export interface WorkerTask<Input, Output> {
  readonly module: URL
  readonly name: string
  /** Phantom members: the types `run` takes and gives. */
  readonly input?: Input
  readonly output?: Output
}

/** Names export `name` of `module` as a task taking `Input` and giving `Output`. */
export function workerTask<Input, Output>(module: URL, name: string): WorkerTask<Input, Output> {
  return { module, name }
}

/**
 * The pool could not run a task within its time: every thread was busy and the queue full, or the
 * task waited and ran longer than the pool's `timeLimitMs` (its thread is then ended and replaced).
 * The caller answers 503: the input was within every limit, so the server is what fell short.
 */
export class WorkerUnavailableError extends Error {
  override name = 'WorkerUnavailableError'
}

export interface WorkerPool {
  /**
   * Runs `task` on a worker thread with `input` and gives its result; the calling thread only waits.
   * @throws WorkerUnavailableError (see there); whatever the task throws, as the worker threw it.
   */
  run<Input, Output>(task: WorkerTask<Input, Output>, input: Input): Promise<Output>
  /** Threads running now (0 before the first task and once they were idle for `idleTimeoutMs`). */
  threads(): number
  /** Lets started tasks end (at most `timeLimitMs`), then ends every thread. Idempotent. */
  close(): Promise<void>
}

export interface WorkerPoolOptions {
  /** Threads at most (`WORKER_THREADS`). */
  maxThreads: number
  /** The longest a task may wait and run, in milliseconds (`WORKER_TASK_TIMEOUT_MS`). */
  timeLimitMs: number
  /** How long an idle thread is kept before it ends, in milliseconds. */
  idleTimeoutMs: number
  /** Tasks waiting for a thread at most; one more is refused at once (WorkerUnavailableError). */
  maxQueue: number
  /** Old-generation heap of each thread, in MB: a task past it fails instead of growing the process. */
  maxHeapMb: number
}

/** Run from TypeScript sources, the worker threads load the `.ts` task modules through tsx. */
const FROM_SOURCE = import.meta.url.endsWith('.ts')

/**
 * A pool of worker threads for CPU-heavy work on the request path (parsing, sanitizing), so that
 * one request's work never holds the event loop the others wait on (docs/decisions/configuration.md
 * "Worker threads"). Nothing starts before the first task: Piscina is loaded then, and threads
 * start as tasks need them, up to `maxThreads`, each ended after `idleTimeoutMs` without a task.
 */
export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  let pool: Promise<Piscina> | undefined
  let loaded: Piscina | undefined
  let closed = false
  // Tasks given and not ended (running or waiting), counted here: Piscina's own `maxQueue` lets
  // tasks with an abort signal through.
  let pending = 0

  function started(): Promise<Piscina> {
    pool ??= import('piscina').then(({ Piscina }) => {
      loaded = new Piscina({
        minThreads: 0,
        maxThreads: options.maxThreads,
        idleTimeout: options.idleTimeoutMs,
        closeTimeout: options.timeLimitMs,
        resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb },
        // Sources run through tsx, which the threads load too unless the process already does
        // (`npm run dev` starts node with it, and threads inherit the process's flags).
        ...(FROM_SOURCE && !process.execArgv.some((flag) => flag.includes('tsx'))
          ? { execArgv: ['--import', 'tsx'] }
          : {}),
        recordTiming: false,
      })
      return loaded
    })
    return pool
  }

  return {
    async run<Input, Output>(task: WorkerTask<Input, Output>, input: Input): Promise<Output> {
      if (closed) throw new WorkerUnavailableError('The worker pool is closed.')
      if (pending >= options.maxThreads + options.maxQueue) {
        throw new WorkerUnavailableError(`Every worker thread is busy and ${options.maxQueue} tasks wait.`)
      }
      pending += 1
      const signal = AbortSignal.timeout(options.timeLimitMs)
      try {
        const piscina = await started()
        const filename = FROM_SOURCE ? task.module.href.replace(/\.js$/, '.ts') : task.module.href
        return (await piscina.run(input, { filename, name: task.name, signal })) as Output
      } catch (err) {
        if (signal.aborted) {
          throw new WorkerUnavailableError(
            `The task ${task.name} did not finish within ${options.timeLimitMs} ms.`,
            { cause: err },
          )
        }
        throw err
      } finally {
        pending -= 1
      }
    },

    threads() {
      return loaded?.threads.length ?? 0
    },

    async close() {
      if (closed) return
      closed = true
      if (pool !== undefined) await (await pool).close()
    },
  }
}
