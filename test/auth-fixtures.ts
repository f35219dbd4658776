import type { FastifyInstance } from 'fastify'
import type { Db } from '../src/db/client.js'
import { memberships, tenants } from '../src/db/schema/index.js'
import { newId } from '../src/lib/ids.js'
import { call, lastMailTo } from './helpers.js'

/** Test fixtures shared by the auth and users families' tests. */

/** TEST_PASSWORD as the first release stored it: scrypt N=2^17, r=8, p=1 (128 MiB per check). */
export const LEGACY_TEST_PASSWORD_HASH =
  'scrypt$131072$8$1$U06AYlFZ4/bJQ6TEBEGsRA==$L1AlcAnUtlutwy56RMEOQedwoCWFueiSeedKSDj+suQ='

let addressCounter = 0

/** A client address of its own, so the throttles of one test never touch another's. */
export function freshIp(): string {
  addressCounter += 1
  return `10.${process.pid % 250}.${addressCounter >> 8}.${addressCounter & 255}`
}

/** POST /api/auth/login from `remoteAddress` (a fresh one by default). */
export function login(app: FastifyInstance, body: Record<string, unknown>, remoteAddress = freshIp()) {
  return call(app, 'POST', '/api/auth/login', { body, remoteAddress })
}

/** The token of the verification link in a mail, or a thrown error showing the mail. */
export function verificationTokenIn(mail: string | undefined): string {
  const match = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail ?? '')
  if (!match?.[1]) throw new Error(`no verification link in mail:\n${mail}`)
  return match[1]
}

/** A further tenant (plan `pro`) where the user holds a membership of `role` and `status`. */
export async function joinTenant(db: Db, userId: string, role: string, status = 'active') {
  const tenantId = newId()
  await db
    .insert(tenants)
    .values({ id: tenantId, name: `Other ${tenantId}`, slug: `o-${tenantId}`, plan: 'pro' })
  await db.insert(memberships).values({ tenantId, id: newId(), userId, role, status })
  return tenantId
}

/**
 * The newest mail to `to` that satisfies `accept` (default: any), polled for up to `timeoutMs`:
 * mails asked for by address leave through a job, after the answer (account-mail.ts).
 */
export async function mailArriving(
  dataDir: string,
  to: string,
  accept: (mail: string) => boolean = () => true,
  timeoutMs = 5000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mail = lastMailTo(dataDir, to)
    if (mail !== undefined && accept(mail)) return mail
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** The token of the password reset link in a mail, or a thrown error showing the mail. */
export function resetTokenIn(mail: string | undefined): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail ?? '')
  if (!match?.[1]) throw new Error(`no reset link in mail:\n${mail}`)
  return match[1]
}

/**
 * The Subject header of a raw mail, its RFC 2047 encoded words decoded (a Turkish subject travels
 * as `=?UTF-8?Q?…?=` or `=?UTF-8?B?…?=`, folded over lines).
 */
export function subjectOf(mail: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail)?.[1] ?? ''
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_escape, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    )
    .replace(/\r?\n[ \t]/g, ' ')
}
