import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { mailArriving } from './auth-fixtures.js'
import { call } from './helpers.js'

/** Test fixtures shared by the users-administration, invitation and roles tests. */

/**
 * The event names of the tenant's activities once at least `atLeast` are there (or after 5 s): the
 * app's relay is asked to pass on what is committed before each look, and jobs commit more.
 */
export async function activityActions(
  app: FastifyInstance,
  token: string,
  atLeast: number,
): Promise<string[]> {
  const deadline = Date.now() + 5000
  for (;;) {
    await app.folio.platform.relay.wake()
    const response = await call(app, 'GET', '/api/activities?limit=100', { token })
    expect(response.statusCode).toBe(200)
    if (response.data.activities.length >= atLeast || Date.now() > deadline) {
      return response.data.activities.map((activity: { action: string }) => activity.action)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const INVITATION_LINK = /\/accept-invitation\?token=([A-Za-z0-9_-]+)/

/** The invitation token of the newest invitation mail text, or a thrown error showing the mail. */
export function invitationTokenIn(mail: string | undefined): string {
  const match = INVITATION_LINK.exec(mail ?? '')
  if (!match?.[1]) throw new Error(`no invitation link in mail:\n${mail}`)
  return match[1]
}

/**
 * The token of the newest invitation mail to `to` once it has arrived (invitation mails leave
 * through a job, after the answer), other than `previous` (a re-invite's new mail).
 */
export async function invitationTokenFor(dataDir: string, to: string, previous?: string): Promise<string> {
  const mail = await mailArriving(dataDir, to, (text) => {
    const token = INVITATION_LINK.exec(text)?.[1]
    return token !== undefined && token !== previous
  })
  return invitationTokenIn(mail)
}
