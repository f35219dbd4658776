import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
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
 * Platform mail (decisions.md: `SMTP_URL`, `MAIL_FROM`). Without `SMTP_URL` each message is written
 * as an `.eml` file under `DATA_DIR/mail`, so a fresh install can still complete verification.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined
  from: string
  dataDir: string
}): Mailer {
  if (options.smtpUrl !== undefined) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message })
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const directory = join(options.dataDir, 'mail')
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message })
      await mkdir(directory, { recursive: true })
      await writeFile(join(directory, `${Date.now()}-${newId()}.eml`), info.message as Buffer)
    },
  }
}
