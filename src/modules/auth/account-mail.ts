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
  kind: 'verify-email' | 'reset-password'
  /** Normalised (trimmed, lowercase) address as the client sent it. */
  email: string
}

/**
 * A mailed one-time link (every account mail: verification, e-mail change, reset, invitation): the
 * URL with the token, then the page and the code alone on a line of its own, so the code can be
 * pasted wherever the link cannot be followed: a mail client or relay that rewrites or wraps long
 * lines, or a quoted-printable `.eml` (`=` escaped, soft breaks every 76 characters). The `.eml`
 * files Folio writes itself keep the text as written (`mail/mailer.ts` `readableEml`).
 */
export function linkMail(options: {
  intro: string
  pageUrl: string
  token: string
  codeLabel: string
  outro: string
}): string {
  return [
    options.intro,
    '',
    `${options.pageUrl}?token=${options.token}`,
    '',
    `Or open the page below and paste the ${options.codeLabel}:`,
    '',
    options.pageUrl,
    '',
    options.token,
    '',
    options.outro,
  ].join('\n')
}
