import { configSection, int } from '../../config-variables.js'
import { declareFamily } from '../../declare.js'

/** The configuration of the activity log (`Config` members). */
export interface ActivitiesConfig {
  /** Days the activity log keeps an entry (docs/decisions/jobs-and-events.md "Activities"). */
  activityRetentionDays: number
}

/** The activities family's permission and configuration (its entries come from every family's events). */
export const declarations = declareFamily({
  permissions: { activities: ['view'] },
  config: configSection<ActivitiesConfig>()((to) => ({
    ACTIVITY_RETENTION_DAYS: to('activityRetentionDays', int(1, 36_500, 180, 'days an activity is kept')),
  })),
})
