import type { TableOwnership } from '../db/ownership.js'
import { memberships, outbox, outboxTasks } from '../db/schema/index.js'

/**
 * The tables of the outbox, which the platform's event mechanism owns rather than a family: every
 * write records its events through `transactional` (event-log.ts), the relay works them, and the
 * outbox family's routes reach dead letters through dead-letters.ts (docs/architecture.md "Table
 * ownership").
 */
export const tables = {
  owns: [outbox, outboxTasks],
  portable: {
    outbox: { export: false, why: 'events of this instance, delivered or waiting' },
    outbox_tasks: { export: false, why: "the relay's progress on this instance" },
  },
  reads: [
    {
      table: memberships,
      why: 'an account event reaches the activities and webhooks of the tenants where its user is an active member (account-fanout.ts)',
    },
  ],
} satisfies TableOwnership
