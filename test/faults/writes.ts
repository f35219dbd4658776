import { sleep } from './cluster.js'
import { type Owner, request } from './folio.js'

/** One write's outcome as a fault test keeps it. */
export interface WriteOutcome {
  /** When the request was sent (Date.now()). */
  sentAt: number
  /** When the answer arrived (Date.now()). */
  at: number
  status: number
  /** The Retry-After header, null when absent. */
  retryAfter: string | null
  error: string | undefined
  /** The created content's id on success. */
  id: string | undefined
  title: string
  ms: number
}

/**
 * Creates contents from `workers` concurrent loops against `base` until `stop()`, keeping every
 * answer: the load a fault is injected under. A 503 is followed by a 100 ms pause (a client would
 * wait its Retry-After; the test wants to see the recovery soon).
 */
export function writeContinuously(base: string, owner: Owner, workers = 4) {
  const outcomes: WriteOutcome[] = []
  let running = true
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let n = 0; running; n++) {
      const title = `w${worker}-${n}-${Math.random().toString(16).slice(2, 8)}`
      const sentAt = Date.now()
      const answer = await request(base, 'POST', '/api/contents', {
        token: owner.token,
        body: { title },
        timeoutMs: 20_000,
      })
      outcomes.push({
        sentAt,
        at: Date.now(),
        status: answer.status,
        retryAfter: answer.headers.get('retry-after'),
        error: answer.data?.error,
        id: answer.data?.content?.id,
        title,
        ms: answer.ms,
      })
      if (answer.status !== 200) await sleep(100)
    }
  })
  return {
    outcomes,
    async stop() {
      running = false
      await Promise.all(loops)
      return outcomes
    },
  }
}

/** The outcomes by status, for assertions that print what went wrong. */
export function statusCounts(outcomes: readonly WriteOutcome[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { status, error } of outcomes) {
    const key = status === 200 ? '200' : `${status} ${error ?? ''}`.trim()
    counts[key] = (counts[key] ?? 0) + 1
  }
  return counts
}
