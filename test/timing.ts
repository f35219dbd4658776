import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { call } from './helpers.js'

/** What `besideHealth` measured: the request's answer and cost, and how `GET /health` fared meanwhile. */
export interface BesideHealth<T> {
  answer: T
  /**
   * Milliseconds of CPU the process spent while the request ran (user and system, health checks
   * included): unlike the wall clock, not inflated when a loaded machine makes the process wait.
   */
  cpuMs: number
  /** Milliseconds from sending the request to its answer (wall clock: meaningful on a quiet machine). */
  wallMs: number
  /** Status codes of the health checks sent every few milliseconds while the request ran. */
  healthStatuses: number[]
  /** The slowest of those health checks, in milliseconds from when it was due (wall clock). */
  healthMaxMs: number
}

const HEALTH_EVERY_MS = 5

/**
 * Runs `request` while `GET /health` is asked again and again, so that a request freezing the event
 * loop (a backtracking regular expression) shows as a slow health check as well as a costly answer.
 */
export async function besideHealth<T>(
  app: FastifyInstance,
  request: () => Promise<T>,
): Promise<BesideHealth<T>> {
  let done = false
  const healthStatuses: number[] = []
  let healthMaxMs = 0
  const health = async () => {
    do {
      // Timed from when the check is due: a frozen event loop delays the timer, not the injection
      // (which never leaves the microtask queue, hence the timer between checks).
      const due = performance.now() + HEALTH_EVERY_MS
      await sleep(HEALTH_EVERY_MS)
      const response = await call(app, 'GET', '/health')
      healthMaxMs = Math.max(healthMaxMs, performance.now() - due)
      healthStatuses.push(response.statusCode)
    } while (!done)
  }
  const cpu = process.cpuUsage()
  const sent = performance.now()
  let wallMs = 0
  const [answer] = await Promise.all([
    request().finally(() => {
      wallMs = performance.now() - sent
      done = true
    }),
    health(),
  ])
  const used = process.cpuUsage(cpu)
  return {
    answer,
    cpuMs: (used.user + used.system) / 1000,
    wallMs,
    healthStatuses,
    healthMaxMs,
  }
}
