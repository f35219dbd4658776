/**
 * Mails asked for by address (verification re-send, password reset) leave through a job
 * (docs/architecture.md "Mail"), queued for every address alike: the request does the same work
 * whether or not an account exists, so neither its answer nor its timing tells
 * (docs/decisions/auth.md "No account enumeration"). The job looks the account up and mails only an
 * existing, eligible one; the one-time token is made there, so no plaintext token is ever stored,
 * not even in the queue.
 */
export const ACCOUNT_MAIL_JOB = 'auth.account-mail'

export interface AccountMailJob {
  /**
   * `register-attempt`: the notice to an address that already has an account (registration
   * answers the same either way; the job finds the account and its language).
   */
  kind: 'verify-email' | 'reset-password' | 'register-attempt'
  /** Normalised (trimmed, lowercase) address as the client sent it. */
  email: string
}

/**
 * What a mailed one-time link fills in (every account mail: verification, e-mail change, reset,
 * invitation): the URL with the token (`link`), and the page and the code, which the mail templates
 * (the catalogs' `mail` group) put each on a line of its own, so the code can be pasted wherever the
 * link cannot be followed: a mail client or relay that rewrites or wraps long lines, or a
 * quoted-printable `.eml` (`=` escaped, soft breaks every 76 characters). The `.eml` files Folio
 * writes itself keep the text as written (`mail/mailer.ts` `readableEml`).
 */
export function linkParams(pageUrl: string, token: string) {
  return { link: `${pageUrl}?token=${token}`, pageUrl, token }
}
