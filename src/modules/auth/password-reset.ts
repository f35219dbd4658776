import type { TenantContext } from '../../context.js'
import { errors } from '../../errors.js'
import { DEFAULT_LANGUAGE, languageOf, renderMail } from '../../i18n/index.js'
import type { JobRunner } from '../../jobs/runner.js'
import { randomToken, sha256Hex } from '../../lib/hash.js'
import { hashPassword } from '../../lib/password.js'
import type { Mailer } from '../../mail/mailer.js'
import type { AccountWriter } from './account-events.js'
import { ACCOUNT_MAIL_JOB, type AccountMailJob, linkParams } from './account-mail.js'
import { normalizeEmail } from './email.js'
import { type AuthRepository, createAuthRepository } from './repository.js'
import type { AuthThrottles, ClientInfo } from './throttle.js'

/** docs/decisions/auth.md "One-time tokens": password reset links live 1 h. */
const RESET_TTL_MS = 60 * 60 * 1000

const FORGOT_MESSAGE = 'If an account exists for this address, a password reset e-mail is on its way.'

/**
 * Password reset (API contract: POST /api/auth/forgot-password, POST /api/auth/reset-password;
 * docs/decisions/auth.md "No account enumeration"): the same answer for every address, mail through
 * the account-mail job, one-time tokens stored as SHA-256 and looked up directly, and a reset ends
 * every session of the account (docs/decisions/auth.md "Password changes end every session").
 */
export function createPasswordReset(deps: {
  appUrl: string
  mailer: Mailer
  repository: AuthRepository
  throttles: AuthThrottles
  jobs: JobRunner
  writeAccount: AccountWriter
}) {
  const { mailer, repository, throttles, jobs, writeAccount } = deps
  const pageUrl = `${deps.appUrl}/account/reset-password`

  return {
    /**
     * POST /api/auth/forgot-password: queues the mail job for any address and answers 200 with
     * the same message; 429 `RateLimitExceeded` past the network's or the address's limit.
     */
    async forgotPassword(emailInput: string, client: ClientInfo) {
      const email = normalizeEmail(emailInput)
      await throttles.forgot(email, client)
      const job: AccountMailJob = { kind: 'reset-password', email }
      await jobs.send(ACCOUNT_MAIL_JOB, job)
      return { message: FORGOT_MESSAGE }
    },

    /**
     * The `reset-password` mail job: a new link (older unused ones stop working) for an active
     * account, in its language; nothing for an unknown or disabled one.
     */
    async mailResetTo(email: string) {
      const user = await repository.findUserByEmail(email)
      if (user === undefined || user.status !== 'active') return
      const token = randomToken()
      await repository.replaceToken(
        user.id,
        'reset_password',
        sha256Hex(token),
        new Date(Date.now() + RESET_TTL_MS),
      )
      const language = languageOf(user.language) ?? DEFAULT_LANGUAGE
      await mailer.send({
        to: user.email,
        ...renderMail('resetPassword', language, linkParams(pageUrl, token)),
      })
    },

    /**
     * POST /api/auth/reset-password: spends a live token, stores the new password, ends every
     * session of the account and records `user.password-reset`. 400 `InvalidToken` for an
     * unknown, used or expired token (or a disabled account); 429 when the client's network has
     * sent too many of those.
     */
    async resetPassword(input: { token: string; password: string }, client: TenantContext['client']) {
      const tokenHash = sha256Hex(input.token)
      const done = await throttles.checkReset(client, async () => {
        // Checked before hashing, so a stream of bad tokens costs no password hashing.
        if (!(await repository.hasLiveToken('reset_password', tokenHash))) return false
        const passwordHash = await hashPassword(input.password)
        return (await consumeAndSet(tokenHash, passwordHash, client)) !== undefined
      })
      if (!done) throw errors.invalidToken('auth.resetLinkInvalid')
      return { message: 'Your password has been reset; log in with the new one.' }
    },
  }

  /** In one transaction: spends the token, sets the password, ends the sessions, records the event. */
  function consumeAndSet(tokenHash: string, passwordHash: string, client: TenantContext['client']) {
    return writeAccount(
      client,
      async (tx) => {
        const inTx = createAuthRepository(tx)
        const userId = await inTx.consumeToken('reset_password', tokenHash)
        if (userId === undefined) return undefined
        const user = await inTx.resetPassword(userId, passwordHash)
        if (user === undefined) return undefined
        await inTx.revokeSessions(userId)
        return user
      },
      (user) =>
        user && {
          userId: user.id,
          event: {
            type: 'user.password-reset',
            subjectId: user.id,
            payload: { id: user.id, email: user.email },
          },
        },
    )
  }
}
