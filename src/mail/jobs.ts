import type { Db } from '../db/client.js'
import { type JobDefinition, job } from '../family.js'
import type { JobHandlerOptions, JobRunner } from '../jobs/runner.js'
import type { Mailer, MailMessage } from './mailer.js'

/**
 * Platform mail about an account that carries no secret (notices: "your address was changed"),
 * sent by a job queued in the transaction of the write it tells about (notices about a tenant go
 * through the tenant mailer instead: `queueTenantNotice`, modules/tenant-settings): the mail leaves exactly when
 * the write commits, a mail server that is down delays it (retries) instead of failing or losing
 * the write, and a failure is recorded in the job's failed state. Mails with a one-time token make
 * their token in their own job instead (account-mail.ts, invitations, ownership transfer), so no
 * plaintext token is ever stored, not even in the queue.
 */
export const NOTICE_MAIL_JOB = 'mail.notice'

const NOTICE_MAIL_OPTIONS: JobHandlerOptions = { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true }

/** Queues `message` in `tx` (or at once without one). */
export async function queueNotice(
  jobs: Pick<JobRunner, 'send'>,
  message: MailMessage,
  tx?: Db,
): Promise<void> {
  await jobs.send<MailMessage>(NOTICE_MAIL_JOB, message, tx === undefined ? {} : { within: tx })
}

/** The notice job: the platform mailer sends the message as queued. */
export function noticeMailJob(mailer: Mailer): JobDefinition {
  return job<MailMessage>(NOTICE_MAIL_JOB, (message) => mailer.send(message), NOTICE_MAIL_OPTIONS)
}
