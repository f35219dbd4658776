import { isIP } from 'node:net'
import { errors } from '../../errors.js'
import { type Phrase, phrase } from '../../i18n/index.js'
import { type Outbound, OutboundBlockedError } from '../../lib/outbound.js'
import type { EffectiveSettings } from './effective.js'

/**
 * Connect and greeting timeouts of a tenant's SMTP server (as the outbound guard: connect 5 s,
 * total 10 s; docs/decisions/security.md).
 */
const CONNECT_TIMEOUT_MS = 5000
const SOCKET_TIMEOUT_MS = 10_000

export type SmtpSettings = EffectiveSettings['smtp']

/**
 * A nodemailer transport to a tenant's SMTP server through the SSRF guard: the host is resolved and
 * checked once (`outbound.pinnedAddress`), the connection goes to that address, and TLS still
 * verifies the certificate against the host name. Port default: 465 with `secure`, else 587.
 * @throws OutboundBlockedError when the host is private, reserved or does not resolve.
 */
export async function smtpTransport(
  outbound: Pick<Outbound, 'pinnedAddress'>,
  smtp: SmtpSettings,
  password: string | null,
) {
  const address = await outbound.pinnedAddress(smtp.host)
  const name = smtp.host.replace(/^\[|\]$/g, '')
  // Loaded on use: most servers never send a tenant's mail (docs/architecture.md "Memory").
  const { default: nodemailer } = await import('nodemailer')
  return nodemailer.createTransport({
    host: address,
    port: smtp.port ?? (smtp.secure ? 465 : 587),
    secure: smtp.secure,
    // A password never crosses the network in clear unless the settings say so (requireTls: false):
    // without `secure`, STARTTLS must succeed before AUTH.
    requireTLS: !smtp.secure && smtp.requireTls && password !== null && smtp.username !== '',
    ...(smtp.username === '' ? {} : { auth: { user: smtp.username, pass: password ?? '' } }),
    // TLS names the host that was configured, not the address connected to (SNI takes no IPs).
    tls: isIP(name) === 0 ? { servername: name } : {},
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  })
}

/** The members that say where a stored SMTP password is sent. */
const DESTINATION = ['host', 'port', 'username', 'secure'] as const

/**
 * A stored password stays bound to the server it was given for: a change of host, port, username
 * or `secure` that keeps it (`keepsStoredPassword`) would have Folio log in to the new server with
 * it, so the change must send `smtp.password` again (docs/decisions/security.md "Stored secrets stay
 * bound to their destination").
 * @throws ValidationFailed naming `smtp.password`.
 */
export function assertPasswordBound(
  stored: SmtpSettings,
  next: SmtpSettings,
  keepsStoredPassword: boolean,
): void {
  if (!stored.hasPassword || !keepsStoredPassword) return
  const moved = DESTINATION.filter((member) => stored[member] !== next[member])
  if (moved.length === 0) return
  const message = stored.host
    ? phrase('settings.passwordAgain', { members: moved.join(', '), host: stored.host })
    : phrase('settings.passwordAgainPrevious', { members: moved.join(', ') })
  throw errors.validation(phrase('common.memberSentence', { member: 'smtp.password', problem: message }), [
    { path: 'body/smtp/password', message },
  ])
}

/**
 * Checks that the server answers and accepts the credentials (nodemailer `verify`: connect,
 * EHLO, STARTTLS when offered, AUTH) and closes the connection.
 * @throws ValidationFailed naming `smtp.host` with the reason, when it does not.
 */
export async function verifySmtp(
  outbound: Pick<Outbound, 'pinnedAddress'>,
  smtp: SmtpSettings,
  password: string | null,
): Promise<void> {
  try {
    const transport = await smtpTransport(outbound, smtp, password)
    try {
      await transport.verify()
    } finally {
      transport.close()
    }
  } catch (err) {
    const reason = smtpReason(err)
    throw errors.validation(phrase('settings.smtpUnusable', { host: smtp.host, reason }), [
      {
        path: '/smtp/host',
        message: typeof reason === 'string' ? phrase('common.verbatim', { text: reason }) : reason,
      },
    ])
  }
}

/**
 * A short reason for an SMTP failure: the guard's phrase, or nodemailer's code and message (the
 * server's own words, in no language of ours).
 */
export function smtpReason(err: unknown): string | Phrase {
  if (err instanceof OutboundBlockedError) return err.phrase
  const failure = err as { code?: string; message?: string }
  const message = (failure.message ?? 'unknown error').replace(/\s+/g, ' ').slice(0, 300)
  return failure.code === undefined ? message : `${failure.code}: ${message}`
}
