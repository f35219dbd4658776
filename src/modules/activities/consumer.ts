import type { Db } from '../../db/client.js'
import { eventsByTenant } from '../../events/account-fanout.js'
import type { CommittedEvent } from '../../events/event-log.js'
import type { TransactionalConsumer } from '../../events/relay.js'
import { describeEvent, metadataOf } from './describe.js'
import { createActivitiesRepository, type NewActivityRow } from './repository.js'

interface ShownActor {
  name: string
  user: { id: string; firstName: string; lastName: string; email: string } | null
  kind: string
  id: string | null
}

/**
 * The activity log's outbox consumer (docs/architecture.md "Activities"): one activity per event
 * in each tenant it concerns (`eventsByTenant`: an account event in its user's tenants), keyed by
 * the event id (a replayed batch adds nothing), with the actor as people know it: a user
 * by name and e-mail, an API token by its name, Folio's own work by the job's name. Runs in the
 * transaction that marks its tasks handled.
 */
export const activitiesConsumer: TransactionalConsumer = {
  name: 'activities',
  kind: 'transactional',
  async handle(tx: Db, committed: readonly CommittedEvent[]) {
    const events = await eventsByTenant(tx, committed)
    if (events.length === 0) return
    const repository = createActivitiesRepository(tx)
    const actors = await resolveActors(repository, events)
    const rows: NewActivityRow[] = events.map((event) => {
      const actor = actors.get(actorKey(event)) ?? fallbackActor(event)
      return {
        tenantId: event.tenantId,
        id: event.id,
        action: event.type,
        userId: actor.user?.id ?? null,
        actor: { kind: actor.kind, id: actor.id, name: actor.name, user: actor.user },
        description: `${actor.name} ${describeEvent(event)}`,
        metadata: metadataOf(event),
        ipAddress: event.ipAddress,
        createdAt: event.createdAt,
      }
    })
    await repository.insertMany(rows)
  },
}

const actorKey = (event: CommittedEvent) =>
  event.actor.kind === 'system' ? `system:${event.actor.name}` : `${event.actor.kind}:${event.actor.id}`

function fallbackActor(event: CommittedEvent): ShownActor {
  if (event.actor.kind === 'system') {
    return { kind: 'system', id: null, name: `Folio (${event.actor.name})`, user: null }
  }
  if (event.actor.kind === 'apiToken') {
    return { kind: 'apiToken', id: event.actor.id, name: event.actor.name ?? 'An API token', user: null }
  }
  return { kind: 'user', id: event.actor.id, name: 'A deleted user', user: null }
}

async function resolveActors(
  repository: ReturnType<typeof createActivitiesRepository>,
  events: readonly CommittedEvent[],
): Promise<Map<string, ShownActor>> {
  const userIds = new Set<string>()
  for (const event of events) if (event.actor.kind === 'user') userIds.add(event.actor.id)
  const shown = new Map<string, ShownActor>()
  for (const user of await repository.usersByIds([...userIds])) {
    const name = `${user.firstName} ${user.lastName}`.trim() || user.email
    shown.set(`user:${user.id}`, { kind: 'user', id: user.id, name, user })
  }
  return shown
}
