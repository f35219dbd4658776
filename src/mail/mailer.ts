import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { newId } from '../lib/ids.js'

export interface MailMessage {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/**
 * Platform mail (`SMTP_URL`, `MAIL_FROM`; docs/architecture.md "Mail"). Without `SMTP_URL` each
 * message is written as an `.eml` file under `DATA_DIR/mail` (LF line ends, the text as written:
 * `readableEml`), so a fresh install can still complete verification by copying a link out of it.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined
  from: string
  dataDir: string
}): Mailer {
  const { smtpUrl } = options
  if (smtpUrl !== undefined) {
    const transport = lazyTransport((nodemailer) => nodemailer.createTransport(smtpUrl))
    return {
      async send(message) {
        await (await transport()).sendMail({ from: options.from, ...message, text: withCrlf(message.text) })
      },
    }
  }
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true }),
  )
  const directory = join(options.dataDir, 'mail')
  return {
    async send(message) {
      const info = await (await transport()).sendMail({
        from: options.from,
        ...message,
        text: withCrlf(message.text),
        newline: 'unix',
      })
      await mkdir(directory, { recursive: true })
      await writeFile(join(directory, `${Date.now()}-${newId()}.eml`), readableEml(info.message as Buffer))
    },
  }
}

/**
 * The transport `create` makes, on the first message: nodemailer is loaded then, not at start (a
 * server that sends no mail does not keep it in memory; docs/architecture.md "Memory").
 */
function lazyTransport<T>(create: (nodemailer: typeof import('nodemailer')) => T): () => Promise<T> {
  let transport: Promise<T> | undefined
  return () => {
    transport ??= import('nodemailer').then((module) => create(module.default))
    return transport
  }
}

/**
 * nodemailer's quoted-printable wrapping (used once a line passes 76 characters) keeps short lines
 * whole only when they end in CRLF; after bare LFs it soft-breaks across them and can split a
 * short line such as a verification code.
 */
function withCrlf(text: string): string {
  return text.replace(/\r?\n/g, '\r\n')
}

/**
 * A one-part text message (what Folio sends) with its quoted-printable body decoded and marked
 * `8bit` (RFC 6152), so the `.eml` file holds each line as written: a link is one line a person can
 * copy, not `=`-escaped and soft-broken at 76 characters. Multipart or already plain messages are
 * returned as they are. Only for files: an SMTP relay gets the quoted-printable a 7-bit hop needs.
 */
export function readableEml(message: Buffer): Buffer {
  const text = message.toString('latin1')
  const end = text.indexOf('\n\n')
  if (end === -1) return message
  const headers = text.slice(0, end)
  const encoding = /^Content-Transfer-Encoding: quoted-printable$/im
  if (!encoding.test(headers) || /^Content-Type: multipart\//im.test(headers)) return message
  const body = Buffer.from(
    text
      .slice(end + 2)
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  )
  return Buffer.concat([
    Buffer.from(`${headers.replace(encoding, 'Content-Transfer-Encoding: 8bit')}\n\n`, 'latin1'),
    body,
  ])
}
