import type { Config } from '../../config.js'
import type { TenantContext } from '../../context.js'
import type { Db } from '../../db/client.js'
import { AppError, errors } from '../../errors.js'
import { type EventSink, transactional } from '../../events/event-log.js'
import { DEFAULT_LANGUAGE, languageOf, phrase, renderMail } from '../../i18n/index.js'
import type { JobRunner } from '../../jobs/runner.js'
import { randomToken, sha256Hex } from '../../lib/hash.js'
import { hashPassword } from '../../lib/password.js'
import type { Principal } from '../auth/index.js'
import {
  type AuthService,
  accountWrites,
  INVITED_USER_STATUS,
  linkParams,
  publicSession,
  sessionState,
} from '../auth/index.js'
import type { TenantMailer } from '../tenant-settings/index.js'
import type { AcceptInvitationInput, InvitationPreview } from './invitation-schemas.js'
import { createInvitationsRepository } from './invitations-repository.js'

/** docs/decisions/auth.md "One-time tokens": invitations live 72 h. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000

/** The job that makes an invitation's token and mails it, queued by the inviting transaction. */
export const INVITATION_MAIL_JOB = 'auth.invitation-mail'
export interface InvitationMailJob {
  tenantId: string
  membershipId: string
}

const INVALID = 'members.invitationInvalid'

/**
 * Invitations (API contract: /api/auth/invitations/*; docs/decisions/tenancy.md "Joining a tenant
 * needs the invitation"): a one-time token of 32 random bytes, stored as SHA-256 only, living 72 h,
 * made and mailed by a job the inviting transaction queues. Preview says what accepting needs;
 * accepting activates the pending membership (and completes an invited account), spends the token
 * and answers with a session on the tenant. Accepted, expired and revoked tokens all answer 400
 * InvalidToken and change nothing.
 */
export function createInvitations(deps: {
  db: Db
  config: Pick<Config, 'appUrl'>
  events: EventSink
  mailer: TenantMailer
  jobs: Pick<JobRunner, 'send'>
  auth: Pick<AuthService, 'sessions' | 'membershipsOf' | 'findUser'>
}) {
  const { db, auth } = deps
  const repository = createInvitationsRepository(db)
  const write = transactional(db, deps.events)
  const pageUrl = `${deps.config.appUrl}/account/accept-invitation`

  return {
    /**
     * Before an invitation is made or sent again: its mail may go through Folio's own mail server
     * (always for an address without an account), which mails for a tenant only once an owner has
     * verified their address and within the day's platform limit. Checked for every invitation,
     * so the answer never tells whether the address has an account.
     * @throws EmailNotVerified, LimitExceeded (platformMailPerDay).
     */
    assertMailable(tenantId: string): Promise<void> {
      return deps.mailer.assertPlatformMail(tenantId)
    },

    /**
     * Inside the caller's transaction `tx`: (re)opens the pending membership's invitation with a new
     * expiry (any earlier link stops working) and queues its mail, which leaves when `tx` commits.
     * The mail's job makes the token (`mailInvitation`), so no plaintext token is ever stored, not
     * even in the queue. Returns the expiry.
     */
    async queue(tx: Db, tenantId: string, membershipId: string, invitedBy: string | null): Promise<Date> {
      const expiresAt = new Date(Date.now() + INVITATION_TTL_MS)
      // Until the mail's job sets the real hash, no token matches this one.
      await createInvitationsRepository(tx).upsert(tenantId, {
        membershipId,
        tokenHash: sha256Hex(randomToken(32)),
        expiresAt,
        invitedBy,
      })
      const job: InvitationMailJob = { tenantId, membershipId }
      await deps.jobs.send(INVITATION_MAIL_JOB, job, { within: tx })
      return expiresAt
    },

    /**
     * The `INVITATION_MAIL_JOB` handler: makes the invitation's one-time token (32 random bytes,
     * stored as SHA-256; a retry makes a new one and only the newest works) and mails the link
     * (counted in `limits.emailPerMonth`). An invitation of an address without an account of its
     * own goes through the platform mailer only: accepting it sets the account's password and
     * proves the address, so a tenant that reads its own SMTP server must never see it
     * (docs/decisions/accounts.md). An existing account's invitation goes through the tenant's mail
     * settings. The mail is in the account's language; an address without an account gets the
     * inviter's. A membership no longer pending (accepted, revoked) is left alone, and so is a mail
     * Folio's mail may no longer send (the tenant has no verified owner any more).
     */
    async mailInvitation(job: InvitationMailJob): Promise<void> {
      const token = randomToken(32)
      const invitation = await repository.setToken(job.tenantId, job.membershipId, sha256Hex(token))
      if (invitation === undefined) return
      const withoutAccount = invitation.userStatus === INVITED_USER_STATUS
      // An address without an account has chosen no language: the inviter's is the best guess.
      const language =
        languageOf(withoutAccount ? invitation.inviterLanguage : invitation.language) ?? DEFAULT_LANGUAGE
      const mail = renderMail('invitation', language, {
        tenant: invitation.tenantName,
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
        ...linkParams(pageUrl, token),
      })
      await deps.mailer
        .send(
          job.tenantId,
          { to: invitation.email, ...mail },
          withoutAccount ? 'account-invitation' : 'invitation',
        )
        .catch((err: unknown) => {
          if (!(err instanceof AppError && err.code === 'EmailNotVerified')) throw err
        })
    },

    /** `GET /api/auth/invitations/preview`: the invitation preview of a live token, else 400 InvalidToken. */
    async preview(token: string): Promise<InvitationPreview> {
      const found = await repository.findLive(sha256Hex(token))
      if (found === undefined) throw errors.invalidToken(INVALID)
      const invited = found.user.status === INVITED_USER_STATUS
      return {
        email: found.user.email,
        firstName: found.user.firstName,
        lastName: found.user.lastName,
        role: found.role,
        status: found.status,
        expiresAt: found.expiresAt.toISOString(),
        requiresPasswordSetup: invited,
        requiresProfileSetup: invited,
        requiresAuthentication: !invited,
        tenant: found.tenant,
      }
    },

    /**
     * `POST /api/auth/invitations/accept`. An invited account sends password, firstName and
     * lastName (400 without them) and gets a new session. An existing account must be signed in as
     * itself (401 without a session, 403 as someone else), sends none of them (400), and its session
     * moves to the tenant. Either way the membership becomes active, the token is spent and
     * `member.joined` is recorded in the tenant.
     */
    async accept(principal: Principal | null, input: AcceptInvitationInput, client: TenantContext['client']) {
      const tokenHash = sha256Hex(input.token)
      const found = await repository.findLive(tokenHash)
      if (found === undefined) throw errors.invalidToken(INVALID)
      const invited = found.user.status === INVITED_USER_STATUS
      const profile = [input.password, input.firstName, input.lastName]
      let sessionId: string | undefined
      if (invited) {
        if (profile.some((value) => value === undefined)) {
          throw errors.validation('members.invitedProfileRequired')
        }
      } else {
        if (profile.some((value) => value !== undefined)) {
          throw errors.validation('members.existingAccountInvitation')
        }
        if (principal?.kind !== 'user') {
          throw errors.unauthorized(phrase('members.signInAs', { email: found.user.email }))
        }
        if (principal.userId !== found.user.id) {
          throw errors.forbidden('members.invitationForAnother')
        }
        sessionId = principal.sessionId
      }
      const passwordHash = invited ? await hashPassword(input.password ?? '') : undefined
      const context: TenantContext = {
        tenantId: found.tenantId,
        actor: { kind: 'user', userId: found.user.id },
        permissions: new Set(),
        client,
      }
      const acceptedAt = new Date()
      await write(context, async (tx, emit) => {
        const inTx = createInvitationsRepository(tx)
        if (!(await inTx.spend(found.tenantId, found.id, tokenHash))) throw errors.invalidToken(INVALID)
        await inTx.activate(found.tenantId, found.membershipId, acceptedAt)
        // An invited account's link came through the platform mailer only (send), so using it proves
        // the address. An existing account's link may have come through the tenant's own SMTP
        // server: it proves nothing about the address, which stays as verified as it was.
        if (passwordHash !== undefined) {
          await accountWrites(tx).completeInvited(found.user.id, {
            passwordHash,
            firstName: input.firstName ?? '',
            lastName: input.lastName ?? '',
          })
        }
        emit({
          type: 'member.joined',
          subjectId: found.membershipId,
          payload: {
            id: found.membershipId,
            userId: found.user.id,
            email: found.user.email,
            role: found.role,
          },
        })
      })
      const issued =
        sessionId === undefined
          ? await auth.sessions.start(found.user.id, found.tenantId)
          : await auth.sessions.rotate(sessionId, { tenantId: found.tenantId })
      if (issued === undefined) throw errors.unauthorized('common.sessionEnded')
      const user = await auth.findUser(found.user.id)
      if (user === undefined) throw errors.invalidToken(INVALID)
      const memberships = await auth.membershipsOf(user.id)
      const state = sessionState(user, memberships, found.tenantId)
      const membership = memberships.find((m) => m.id === found.membershipId)
      if (membership === undefined || state.activeMembership === null) throw errors.invalidToken(INVALID)
      return {
        ...publicSession(issued),
        user: state.user,
        membership: { ...membership, acceptedAt: acceptedAt.toISOString() },
        activeMembership: state.activeMembership,
        memberships,
      }
    },
  }
}

export type Invitations = ReturnType<typeof createInvitations>
