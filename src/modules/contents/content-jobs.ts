/** The contents family's background jobs (src/jobs/runner.ts). */

/** Publishes one scheduled content when its publishAt has come: `{ tenantId, contentId }`, started after publishAt. */
export const PUBLISH_SCHEDULED_JOB = 'contents.publish-scheduled'
/** Publishes every scheduled content whose publishAt has passed (every minute, and at start). */
export const PUBLISH_DUE_JOB = 'contents.publish-due'
/** Prunes a content's versions beyond the configured number: `{ tenantId, contentId }`. */
export const PRUNE_VERSIONS_JOB = 'contents.prune-versions'

export interface ContentJob {
  tenantId: string
  contentId: string
}
