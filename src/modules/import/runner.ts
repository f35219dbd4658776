/**
 * Runs import jobs in this process, one at a time per tenant (each tenant's jobs in the order they
 * came; different tenants side by side). Deliberately minimal and kept apart from what a job does:
 * a general durable job runner (platform.md §3) is to replace it, and a job is only an async function
 * of an abort signal. The durable part, the state of each import, lives in the `imports` table.
 */
export function createJobRunner() {
  const tails = new Map<string, Promise<void>>()
  const active = new Set<Promise<void>>()
  const controller = new AbortController()

  return {
    /**
     * Queues `job` behind the tenant's earlier jobs. A job must settle its own state: a rejection is
     * swallowed here. After `close()` the job still runs, with its signal already aborted, so it can
     * record that it did not happen.
     */
    enqueue(tenantId: string, job: (signal: AbortSignal) => Promise<void>): void {
      const previous = tails.get(tenantId) ?? Promise.resolve()
      const next = previous.then(() => job(controller.signal)).catch(() => undefined)
      tails.set(tenantId, next)
      active.add(next)
      void next.then(() => {
        active.delete(next)
        if (tails.get(tenantId) === next) tails.delete(tenantId)
      })
    },

    /** How many jobs are queued or running. */
    get size(): number {
      return active.size
    },

    /** Aborts the running jobs (between two items) and waits until every queued job has settled. */
    async close(): Promise<void> {
      controller.abort(new Error('The server is stopping.'))
      while (active.size > 0) await Promise.allSettled([...active])
    },
  }
}

export type JobRunner = ReturnType<typeof createJobRunner>
