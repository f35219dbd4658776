import { type Family, job, type Kernel, mount } from '../../family.js'
import { activitiesConsumer } from './consumer.js'
import { activitiesRoutes } from './routes.js'
import { createActivitiesService } from './service.js'

/**
 * The activity log (API contract: `/api/activities`): one entry per domain event, written by an
 * outbox consumer and pruned daily past `ACTIVITY_RETENTION_DAYS`.
 */
export function activitiesFamily(kernel: Kernel) {
  const activities = createActivitiesService({
    db: kernel.db,
    retentionDays: kernel.config.activityRetentionDays,
  })
  return {
    name: 'activities',
    services: { activities },
    adminRoutes: [mount(activitiesRoutes, { prefix: '/api/activities', service: activities })],
    consumers: [activitiesConsumer],
    jobs: [
      job(
        'activities.retention',
        async () => {
          await activities.prune()
        },
        { every: '17 3 * * *' },
      ),
    ],
  } satisfies Family
}
