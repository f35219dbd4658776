import type { Config } from '../../config.js'
import { accountContext, type TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { isUniqueViolation } from '../../db/errors.js'
import { errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { DEFAULT_LANGUAGE, type Language, languageOf, renderMail } from '../../i18n/index.js'
import type { JobRunner } from '../../jobs/runner.js'
import { randomToken, sha256Hex } from '../../lib/hash.js'
import { newId } from '../../lib/ids.js'
import { hashPassword } from '../../lib/password.js'
import { queueNotice } from '../../mail/jobs.js'
import type { Mailer } from '../../mail/mailer.js'
import { ACCOUNT_MAIL_JOB, type AccountMailJob, linkParams } from './account-mail.js'
import { normalizeEmail } from './email.js'
import { type AuthRepository, createAuthRepository } from './repository.js'
import type { RegisterInput } from './schemas.js'
import type { AuthThrottles, ClientInfo } from './throttle.js'

/** docs/decisions/auth.md "One-time tokens": e-mail verification links live 24 h. */
const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000

const RESEND_MESSAGE =
  'If an unverified account exists for this address, a new verification e-mail is on its way.'

/**
 * Registration and e-mail verification (API contract: /api/auth/*; docs/decisions/auth.md "No
 * account enumeration" and "One-time tokens": no account enumeration, tokens stored as SHA-256 and
 * looked up directly, single use).
 */
export function createVerification(deps: {
  db: Db
  config: Readonly<Config>
  mailer: Mailer
  repository: AuthRepository
  throttles: AuthThrottles
  jobs: JobRunner
  events: EventSink
}) {
  const { db, mailer, repository, throttles, jobs, events } = deps
  const write = transactional(db, events)
  const pageUrl = `${deps.config.appUrl}/account/verify-email`

  /** Stores a new verification token for the user (dropping older unused ones) and returns its plaintext. */
  async function issueToken(target: AuthRepository, userId: string): Promise<string> {
    const token = randomToken()
    await target.replaceToken(
      userId,
      'verify_email',
      sha256Hex(token),
      new Date(Date.now() + VERIFICATION_TTL_MS),
    )
    return token
  }

  /** Queues the verification mail of the account with `email` in `tx` (the job makes the token). */
  async function queueVerification(tx: Db, email: string) {
    const job: AccountMailJob = { kind: 'verify-email', email }
    await jobs.send(ACCOUNT_MAIL_JOB, job, { within: tx })
  }

  /**
   * The link leads to `APP_URL` (Folio's own page by default, src/modules/account); the mail is in
   * the account's language.
   */
  function mailVerification(to: string, token: string, language: Language) {
    return mailer.send({ to, ...renderMail('verifyEmail', language, linkParams(pageUrl, token)) })
  }

  return {
    /**
     * POST /api/auth/register: creates an unverified user and queues its verification mail in the
     * same transaction. An address that already has an account gets the same 201 (with a throwaway
     * id) and its owner a notice instead, so the answer never tells whether an account exists. The
     * password is hashed and a mail queued either way, so both paths take about as long.
     */
    async register(input: RegisterInput, client: ClientInfo) {
      await throttles.register(client)
      const email = normalizeEmail(input.email)
      const passwordHash = await hashPassword(input.password)
      const user = { id: newId(), email, firstName: input.firstName, lastName: input.lastName }
      const answer = { user: { ...user, emailVerified: false }, tenant: null }
      try {
        await write(accountContext(user.id, client), async (tx, emit) => {
          await createAuthRepository(tx).insertUser({ ...user, passwordHash })
          await queueVerification(tx, email)
          emit({ type: 'user.registered', subjectId: user.id, payload: { id: user.id, email } })
        })
      } catch (err) {
        if (!isUniqueViolation(err, 'users_email_key')) throw err
        // The job finds the account (and the language of its notice), as the other path's job does.
        const job: AccountMailJob = { kind: 'register-attempt', email }
        await jobs.send(ACCOUNT_MAIL_JOB, job)
      }
      return answer
    },

    /**
     * POST /api/auth/verify-email: spends a live token; an unknown, used or expired one is 400
     * `InvalidToken`. A first verification records `user.email-verified` (an account event).
     */
    async verifyEmail(token: string, client: TenantContext['client']) {
      const userId = await repository.consumeToken('verify_email', sha256Hex(token))
      if (userId === undefined) throw errors.invalidToken('auth.verificationLinkInvalid')
      const changed = await write(accountContext(userId, client), async (tx, emit) => {
        const verified = await createAuthRepository(tx).markEmailVerified(userId)
        if (verified !== undefined) {
          emit({ type: 'user.email-verified', subjectId: verified.id, payload: verified })
        }
        return verified !== undefined
      })
      return { message: 'Your e-mail address is verified.', verified: true, alreadyVerified: !changed }
    },

    /**
     * POST /api/auth/resend-verification: queues the mail job for any address (account-mail.ts), so
     * the answer and its timing are the same whether or not the account exists or is verified.
     */
    async resendVerification(emailInput: string, client: ClientInfo) {
      await throttles.resend(client)
      const job: AccountMailJob = { kind: 'verify-email', email: normalizeEmail(emailInput) }
      await jobs.send(ACCOUNT_MAIL_JOB, job)
      return { message: RESEND_MESSAGE }
    },

    /** The `verify-email` mail job: a new link for an active, unverified account; nothing otherwise. */
    async mailVerificationTo(email: string) {
      const user = await repository.findUserByEmail(email)
      if (user !== undefined && user.status === 'active' && user.emailVerifiedAt === null) {
        const language = languageOf(user.language) ?? DEFAULT_LANGUAGE
        await mailVerification(user.email, await issueToken(repository, user.id), language)
      }
    },

    /**
     * The `register-attempt` mail job: tells the account of `email` that someone tried to register
     * with its address, in the account's language (a platform notice, docs/architecture.md "Mail").
     */
    async mailRegisterAttemptTo(email: string) {
      const user = await repository.findUserByEmail(email)
      if (user === undefined) return
      await mailer.send({
        to: user.email,
        ...renderMail('registerAttempt', languageOf(user.language) ?? DEFAULT_LANGUAGE, {}),
      })
    },

    /**
     * After an address change (PUT /api/users/me), inside its transaction `tx`: queues a
     * verification link to the new address (links sent to the old one stop working) and a notice to
     * the old one, so a hijacked session cannot move the account away silently.
     */
    async emailChanged(tx: Db, userId: string, previousEmail: string, email: string) {
      // The new link is minted by the job; the old ones die with the address, in this transaction.
      const inTx = createAuthRepository(tx)
      await inTx.dropTokens(userId, 'verify_email')
      await queueVerification(tx, email)
      const language = languageOf((await inTx.findUserById(userId))?.language) ?? DEFAULT_LANGUAGE
      await queueNotice(jobs, { to: previousEmail, ...renderMail('emailChanged', language, { email }) }, tx)
    },
  }
}
