import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A mail an SMTP sink took: envelope and raw message. */
export interface ReceivedMail {
  from: string
  to: string[]
  data: string
}

/**
 * A loopback SMTP server standing in for a tenant's (or an attacker's) server: it offers no
 * STARTTLS, accepts the login `user`/`password`, and records every login attempt (with the password
 * it was given) and every mail. Tests that use it need `OUTBOUND_ALLOW_PRIVATE=true`.
 */
export async function startSmtpSink(user: string, password: string) {
  const received: ReceivedMail[] = []
  const logins: { username: string; password: string }[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    logger: false,
    onAuth(auth, _session, done) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' })
      if (auth.username === user && auth.password === password) return done(null, { user })
      return done(new Error('Invalid username or password'))
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data: Buffer.concat(chunks).toString('utf8'),
        })
        done()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>

/** The mail's text with quoted-printable undone (soft line breaks, `=XX` bytes), or '' for none. */
export function textOf(mail: ReceivedMail | undefined): string {
  return (mail?.data ?? '')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}
