import type { Db } from '../../db/client.js'
import { AppError, errors } from '../../errors.js'
import { type JobDefinition, job } from '../../family.js'
import { phrase } from '../../i18n/index.js'
import type { JobRunner } from '../../jobs/runner.js'
import type { Outbound } from '../../lib/outbound.js'
import type { Mailer, MailMessage } from '../../mail/mailer.js'
import type { TenantSettingsReader } from './effective.js'
import { createMailRepository, type MailCounterName } from './mail-repository.js'
import { UNREADABLE_PASSWORD } from './service.js'
import { type SmtpSettings, smtpReason, smtpTransport } from './smtp.js'

/** `YYYY-MM-01` of `now` in UTC: the month `limits.emailPerMonth` counts in. */
export const monthKey = (now: Date) => `${now.toISOString().slice(0, 7)}-01`
/** `YYYY-MM-DD` of `now` in UTC: the day `TENANT_PLATFORM_MAIL_PER_DAY` counts in. */
export const dayKey = (now: Date) => now.toISOString().slice(0, 10)

/**
 * What a tenant's mail is (docs/decisions/jobs-and-events.md "Whose mail server"), which decides how
 * it goes and what it may reach:
 * - `notification`: a form's notification of a submission;
 * - `test`: the SMTP test mail, to the caller;
 * - `invitation`: an invitation of an address that has an account;
 * - `account-invitation`: an invitation that creates the account (its link proves the address);
 * - `transfer`: the ownership offer, to a member;
 * - `notice`: a notice about the tenant to its members (deleted, restored, ownership transferred).
 */
export type TenantMailKind =
  | 'notification'
  | 'test'
  | 'invitation'
  | 'account-invitation'
  | 'transfer'
  | 'notice'

interface KindRule {
  /** May go through the tenant's own SMTP server when it is on. */
  tenantServer: boolean
  /** Through Folio's mail, only to an active member of the tenant with a verified address. */
  verifiedMembersOnly: boolean
  /** Counted against `limits.emailPerMonth`. */
  monthly: boolean
  /** Counted against `TENANT_PLATFORM_MAIL_PER_DAY` when Folio's mail sends it. */
  daily: boolean
}

const RULES: Record<TenantMailKind, KindRule> = {
  notification: { tenantServer: true, verifiedMembersOnly: true, monthly: true, daily: true },
  test: { tenantServer: true, verifiedMembersOnly: true, monthly: true, daily: true },
  invitation: { tenantServer: true, verifiedMembersOnly: false, monthly: true, daily: true },
  'account-invitation': { tenantServer: false, verifiedMembersOnly: false, monthly: true, daily: true },
  transfer: { tenantServer: false, verifiedMembersOnly: false, monthly: false, daily: true },
  notice: { tenantServer: false, verifiedMembersOnly: false, monthly: false, daily: false },
}

/** Why a tenant without a verified owner sends nothing through Folio's mail. */
export const NO_VERIFIED_OWNER = 'settings.noVerifiedOwner'

/** Why Folio's mail does not take a recipient of `kind`. */
const notVerifiedMember = (to: string) => phrase('settings.notVerifiedMember', { to })

export interface TenantMailer {
  /**
   * Sends a tenant's mail of `kind` (docs/decisions/jobs-and-events.md "Whose mail server"):
   * through the tenant's SMTP server when `smtp.enabled` and the kind may, from
   * `fromName <fromEmail>`; else through Folio's mail, which takes it only for a tenant with a
   * verified owner, only to a verified member for notifications and tests, and within
   * `TENANT_PLATFORM_MAIL_PER_DAY`. Notifications, tests and invitations count against
   * `limits.emailPerMonth`. Returns which way it went.
   * @throws EmailNotVerified (no verified owner; a recipient Folio's mail does not take),
   *   LimitExceeded (emailPerMonth, platformMailPerDay), BadRequest when the tenant's server refuses.
   */
  send(tenantId: string, message: MailMessage, kind: TenantMailKind): Promise<'tenant' | 'platform'>

  /**
   * The addresses among `recipients` that the tenant's form notifications could not reach now:
   * none while its own SMTP server is on; else those of no verified active member. For the form's
   * settings, checked when saved.
   */
  refusedRecipients(tenantId: string, recipients: readonly string[]): Promise<string[]>

  /**
   * For a request whose mail Folio's own server will send (an invitation, an ownership offer):
   * @throws EmailNotVerified without a verified owner, LimitExceeded when today's platform mail for
   *   the tenant is spent.
   */
  assertPlatformMail(tenantId: string): Promise<void>
}

/**
 * The tenant mailer, on the settings reader (the only way to read settings) and the shared mail
 * counters in PostgreSQL (exact across instances, with or without Redis).
 */
export function createTenantMailer(deps: {
  db: Db
  settings: TenantSettingsReader
  platformMailer: Mailer
  outbound: Pick<Outbound, 'pinnedAddress'>
  /** `TENANT_PLATFORM_MAIL_PER_DAY`. */
  platformPerDay: number
}): TenantMailer {
  const { settings, platformMailer, outbound, platformPerDay } = deps
  const repository = createMailRepository(deps.db)

  /** Counts one mail; returns what takes it back. @throws LimitExceeded. */
  async function count(tenantId: string, counter: MailCounterName, limit: number | null, now: Date) {
    const period = counter === 'month' ? monthKey(now) : dayKey(now)
    const counted = await repository.reserve(tenantId, counter, period, limit)
    if (counted === undefined) {
      const usage = await repository.usage(tenantId, counter, period)
      throw counter === 'month'
        ? errors.limitExceeded('emailPerMonth', limit ?? 0, usage)
        : errors.platformMailLimit(limit ?? 0, usage)
    }
    return () => repository.release(tenantId, counter, period)
  }

  /** @throws EmailNotVerified when Folio's mail may not send `kind` to `to` for the tenant. */
  async function checkPlatform(tenantId: string, to: string, rule: KindRule) {
    if (!(await repository.hasVerifiedOwner(tenantId))) throw errors.emailNotVerified(NO_VERIFIED_OWNER)
    if (!rule.verifiedMembersOnly) return
    const address = to.trim().toLowerCase()
    const verified = await repository.verifiedMemberAddresses(tenantId, [address])
    if (!verified.has(address)) throw errors.emailNotVerified(notVerifiedMember(to))
  }

  async function sendThroughTenant(tenantId: string, message: MailMessage, smtp: SmtpSettings) {
    const password = await settings.smtpPassword(tenantId).catch(() => {
      throw errors.badRequest(UNREADABLE_PASSWORD)
    })
    try {
      const transport = await smtpTransport(outbound, smtp, password)
      try {
        await transport.sendMail({
          from: { name: smtp.fromName, address: smtp.fromEmail },
          to: message.to,
          subject: message.subject,
          text: message.text.replace(/\r?\n/g, '\r\n'),
        })
      } finally {
        transport.close()
      }
    } catch (err) {
      throw errors.badRequest(
        phrase('settings.smtpRefusedMail', { host: smtp.host, reason: smtpReason(err) }),
      )
    }
  }

  return {
    async send(tenantId, message, kind) {
      const rule = RULES[kind]
      const current = await settings.get(tenantId)
      const viaTenant = rule.tenantServer && current.smtp.enabled
      if (!viaTenant) await checkPlatform(tenantId, message.to, rule)
      const now = new Date()
      const releases: (() => Promise<void>)[] = []
      try {
        if (rule.monthly) releases.push(await count(tenantId, 'month', current.limits.emailPerMonth, now))
        if (!viaTenant && rule.daily)
          releases.push(await count(tenantId, 'platform-day', platformPerDay, now))
        if (viaTenant) await sendThroughTenant(tenantId, message, current.smtp)
        else await platformMailer.send(message)
        return viaTenant ? 'tenant' : 'platform'
      } catch (err) {
        for (const release of releases) await release()
        throw err
      }
    },

    async refusedRecipients(tenantId, recipients) {
      if ((await settings.get(tenantId)).smtp.enabled) return []
      const verified = await repository.verifiedMemberAddresses(
        tenantId,
        recipients.map((to) => to.trim().toLowerCase()),
      )
      return recipients.filter((to) => !verified.has(to.trim().toLowerCase()))
    },

    async assertPlatformMail(tenantId) {
      if (!(await repository.hasVerifiedOwner(tenantId))) throw errors.emailNotVerified(NO_VERIFIED_OWNER)
      const usage = await repository.usage(tenantId, 'platform-day', dayKey(new Date()))
      if (usage >= platformPerDay) throw errors.platformMailLimit(platformPerDay, usage)
    },
  }
}

/** The job that mails a notice about a tenant to one of its members (`queueTenantNotice`). */
export const TENANT_NOTICE_JOB = 'mail.tenant-notice'
export interface TenantNoticeJob {
  tenantId: string
  message: MailMessage
}

/**
 * Queues a notice about the tenant to one of its members in `tx`: it leaves when the change commits,
 * through the tenant mailer (kind `notice`), so a tenant without a verified owner sends none.
 */
export async function queueTenantNotice(
  jobs: Pick<JobRunner, 'send'>,
  tenantId: string,
  message: MailMessage,
  tx: Db,
): Promise<void> {
  await jobs.send<TenantNoticeJob>(TENANT_NOTICE_JOB, { tenantId, message }, { within: tx })
}

/**
 * The notice job: a notice Folio's mail may not send (no verified owner) is dropped, since waiting
 * would not make it right; a mail server that fails retries.
 */
export function tenantNoticeJob(mailer: TenantMailer): JobDefinition {
  return job<TenantNoticeJob>(
    TENANT_NOTICE_JOB,
    async ({ tenantId, message }) => {
      await mailer.send(tenantId, message, 'notice').catch((err: unknown) => {
        if (!(err instanceof AppError && err.code === 'EmailNotVerified')) throw err
      })
    },
    { retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true },
  )
}
