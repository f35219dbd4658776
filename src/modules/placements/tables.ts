import type { TableOwnership } from '../../db/ownership.js'
import { placementEvents, placementExperiences, placementStats, placements } from '../../db/schema/index.js'

/** The tables the placements family owns, which only it writes (docs/architecture.md "Table ownership"). */
export const tables = {
  owns: [placements, placementExperiences, placementEvents, placementStats],
  portable: {
    placements: { export: true },
    placement_experiences: { export: true },
    placement_stats: { export: true, optIn: 'includeStatistics' },
    placement_events: { export: false, why: 'raw visitor events, folded into placement_stats' },
  },
} satisfies TableOwnership
