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
 * message is written as an `.eml` file under `DATA_DIR/mail` (LF line ends), so a fresh install can
 * still complete verification.
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
      await writeFile(join(directory, `${Date.now()}-${newId()}.eml`), info.message as Buffer)
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
