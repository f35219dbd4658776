import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import type { TenantMailer } from '../tenant-settings/index.js'
import { plainText } from './localize.js'
import { createFormsRepository } from './repository.js'
import { createResponsesRepository } from './responses-repository.js'
import type { FormSettings } from './schemas.js'

/** The job that mails a form's notification recipients about one accepted submission. */
export const NOTIFY_JOB = 'forms.notify'

export interface NotifyJob {
  tenantId: string
  formId: string
  responseId: string
}

/**
 * Sends the notification of a submission, after its commit (queued in the submission's
 * transaction): one mail per recipient of the served version's `settings.notifications`, through
 * the tenant's SMTP or the platform's (`TenantMailer`), with each answer on a line under its label.
 * Through the platform's, a recipient who is not (or no longer) a verified member of the tenant is
 * skipped, and so is every recipient of a tenant without a verified owner (docs/decisions/forms.md
 * "Notifications reach members, or go through the tenant's server"). A response or form deleted
 * meanwhile sends nothing; another mail failure fails the job, which retries.
 */
export function createNotifier(deps: { db: Db; mailer: TenantMailer }) {
  const forms = createFormsRepository(deps.db)
  const responses = createResponsesRepository(deps.db)
  return async (job: NotifyJob): Promise<void> => {
    const response = await responses.find(job.tenantId, job.formId, job.responseId)
    const version =
      response === undefined
        ? undefined
        : await forms.findVersion(job.tenantId, job.formId, response.formVersion)
    if (response === undefined || version === undefined) return
    const notifications = (version.settings as FormSettings).notifications
    // One line: the title goes into the Subject header.
    const title = (plainText(version.title, 'en') ?? 'a form').replace(/[\r\n]+/g, ' ')
    const lines = Object.entries(response.fieldMetadata).map(([id, meta]) => {
      const label = plainText(meta.label as string | Record<string, string> | null, 'en') ?? id
      const value = response.data[id]
      const shown = value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value)
      return `${label}: ${shown.replace(/\r?\n/g, '\n  ')}`
    })
    const text = [
      `A new response to “${title}” arrived at ${response.createdAt.toISOString()}.`,
      '',
      ...lines,
      '',
      `Response id: ${response.id}`,
    ].join('\n')
    for (const to of notifications?.recipients ?? []) {
      const message = { to, subject: notifications?.subject ?? `New response: ${title}`, text }
      await deps.mailer.send(job.tenantId, message, 'notification').catch((err: unknown) => {
        // A recipient Folio's mail no longer takes (no longer a verified member, the tenant's SMTP
        // turned off) is skipped: retrying would not make it right.
        if (!(err instanceof AppError && err.code === 'EmailNotVerified')) throw err
      })
    }
  }
}
