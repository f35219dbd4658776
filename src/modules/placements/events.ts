import { createHmac } from 'node:crypto'
import type { PublicContext, TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { newId } from '../../lib/ids.js'
import type { PlacementEventInput } from './public-schemas.js'
import { createPlacementsRepository, type EventRow, type StatColumn } from './repository.js'

const STAT_OF: Record<PlacementEventInput['type'], StatColumn> = {
  impression: 'impressions',
  view: 'views',
  click: 'clicks',
  conversion: 'conversions',
  close: 'closes',
  dismiss: 'dismissals',
  submit: 'submits',
  error: 'errors',
}
const COUNTERS: StatColumn[] = [
  'impressions',
  'views',
  'clicks',
  'conversions',
  'closes',
  'dismissals',
  'submits',
  'errors',
]

/** Form keys whose values are never stored (matched case-insensitively, ignoring - and _). */
const SENSITIVE = /pass(word)?|ssn|creditcard|cardnumber|cvv|cvc|^pin$|iban|secret|token/

/** `value` with the values of sensitive keys replaced by "[redacted]", at any depth. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      SENSITIVE.test(key.toLowerCase().replace(/[-_\s]/g, '')) ? '[redacted]' : redact(inner),
    ]),
  )
}

/**
 * Placement events (docs/decisions/menus-and-placements.md "Placement events are checked and
 * counted honestly": the answer counts what was stored) and their stats.
 */
export function createPlacementEvents(deps: { db: Db; events: EventSink; appSecret: string }) {
  const repository = createPlacementsRepository(deps.db)
  const write = transactional(deps.db, deps.events)

  /** A keyed hash of the client address: comparable within a tenant, not reversible by trying all IPv4s. */
  const ipHash = (tenantId: string, ip: string) =>
    createHmac('sha256', deps.appSecret)
      .update(`placement-ip\u0000${tenantId}\u0000${ip}`)
      .digest('hex')
      .slice(0, 32)

  return {
    /**
     * `POST /api/public/placements/events/batch`: stores the events whose experience belongs to
     * the named placement of this tenant and adds them to the daily stats, in one transaction.
     * @returns how many were stored and which (by index) were rejected.
     * @throws the database error when the write fails (nothing is stored then).
     */
    async record(context: PublicContext, events: readonly PlacementEventInput[]) {
      const owners = await repository.experienceOwners(context.tenantId, [
        ...new Set(events.map((event) => event.experienceId)),
      ])
      const rejected: { index: number; code: 'unknown_placement' | 'unknown_experience' }[] = []
      const rows: EventRow[] = []
      const now = new Date()
      const hashed = ipHash(context.tenantId, context.client.ip)
      events.forEach((event, index) => {
        const owner = owners.get(event.experienceId)
        if (owner === undefined) rejected.push({ index, code: 'unknown_experience' })
        else if (owner !== event.placementId) rejected.push({ index, code: 'unknown_placement' })
        else {
          const { placementId, experienceId, type, sessionId, userKey, trackingId, path, device, ...data } =
            event
          rows.push({
            tenantId: context.tenantId,
            id: newId(),
            placementId,
            experienceId,
            type,
            sessionId,
            userKey: userKey ?? null,
            trackingId: trackingId ?? null,
            path,
            device: device ?? null,
            ipHash: hashed,
            data: redact(data) as Record<string, unknown>,
            createdAt: now,
          })
        }
      })
      const day = now.toISOString().slice(0, 10)
      const stored = await write.across(async (tx) => {
        const repo = createPlacementsRepository(tx)
        const count = await repo.insertEvents(rows)
        const increments = new Map<string, Partial<Record<StatColumn, number>>>()
        for (const row of rows) {
          const key = `${row.placementId}:${row.experienceId}`
          const column = STAT_OF[row.type as PlacementEventInput['type']]
          const counters = increments.get(key) ?? {}
          counters[column] = (counters[column] ?? 0) + 1
          increments.set(key, counters)
        }
        for (const [key, counters] of [...increments].sort(([a], [b]) => (a < b ? -1 : 1))) {
          const [placementId = '', experienceId = ''] = key.split(':')
          await repo.addStats(context.tenantId, { placementId, experienceId, day }, counters)
        }
        return count
      })
      return { stored, rejected }
    },

    /**
     * `GET /api/placements/{id}/stats`: counters per experience and UTC day between `from` and `to`.
     * @throws NotFound, ValidationFailed (from after to, more than 366 days).
     */
    async stats(
      context: TenantContext,
      id: string,
      query: { from?: string | undefined; to?: string | undefined },
    ) {
      if ((await repository.find(context.tenantId, id)) === undefined) throw errors.notFound('Placement')
      const today = new Date()
      const to = query.to ?? today.toISOString().slice(0, 10)
      const from = query.from ?? new Date(Date.parse(to) - 29 * 86_400_000).toISOString().slice(0, 10)
      const span = (Date.parse(to) - Date.parse(from)) / 86_400_000
      if (span < 0) throw errors.validation('placements.fromAfterTo')
      if (span > 365) throw errors.validation('placements.rangeTooLong')
      const rows = await repository.stats(context.tenantId, id, from, to)
      const zero = () =>
        Object.fromEntries(COUNTERS.map((column) => [column, 0])) as Record<StatColumn, number>
      const totals = zero()
      const byExperience = new Map<
        string,
        {
          experienceId: string
          totals: Record<StatColumn, number>
          days: ({ day: string } & Record<StatColumn, number>)[]
        }
      >()
      for (const row of rows) {
        const entry = byExperience.get(row.experienceId) ?? {
          experienceId: row.experienceId,
          totals: zero(),
          days: [],
        }
        const day = { day: row.day, ...zero() }
        for (const column of COUNTERS) {
          day[column] = row[column]
          entry.totals[column] += row[column]
          totals[column] += row[column]
        }
        entry.days.push(day)
        byExperience.set(row.experienceId, entry)
      }
      return { from, to, totals, experiences: [...byExperience.values()] }
    },
  }
}

export type PlacementEvents = ReturnType<typeof createPlacementEvents>
