import type { Db } from '../../db/client.js'
import { AppError } from '../../errors.js'
import { catalogPhrase, DEFAULT_LANGUAGE, languageOf, renderMail, translate } from '../../i18n/index.js'
import type { TenantMailer, TenantSettingsReader } from '../tenant-settings/index.js'
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
 * "Notifications reach members, or go through the tenant's server"). The mail is in the tenant's
 * default locale (`locales.default`) when Folio speaks it, else in English, and so are the form's
 * title and labels where the form has them. A response or form deleted meanwhile sends nothing;
 * another mail failure fails the job, which retries.
 */
export function createNotifier(deps: { db: Db; mailer: TenantMailer; settings: TenantSettingsReader }) {
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
    const language = languageOf((await deps.settings.get(job.tenantId)).locales.default) ?? DEFAULT_LANGUAGE
    const untitled = translate(catalogPhrase('mail.formResponse.untitled'), language)
    // One line: the title goes into the Subject header.
    const title = (plainText(version.title, language) ?? untitled).replace(/[\r\n]+/g, ' ')
    const lines = Object.entries(response.fieldMetadata).map(([id, meta]) => {
      const label = plainText(meta.label as string | Record<string, string> | null, language) ?? id
      const value = response.data[id]
      const shown = value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value)
      return `${label}: ${shown.replace(/\r?\n/g, '\n  ')}`
    })
    const mail = renderMail('formResponse', language, {
      title,
      createdAt: response.createdAt.toISOString(),
      answers: lines.join('\n'),
      id: response.id,
    })
    for (const to of notifications?.recipients ?? []) {
      const message = { to, subject: notifications?.subject ?? mail.subject, text: mail.text }
      await deps.mailer.send(job.tenantId, message, 'notification').catch((err: unknown) => {
        // A recipient Folio's mail no longer takes (no longer a verified member, the tenant's SMTP
        // turned off) is skipped: retrying would not make it right.
        if (!(err instanceof AppError && err.code === 'EmailNotVerified')) throw err
      })
    }
  }
}
